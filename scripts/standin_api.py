#!/usr/bin/env python3
"""A scripted stand-in for the Anthropic Messages API on 127.0.0.1, for scripts/real-hosts.sh.

It never thinks: it answers by looking at the request. Every request body is appended to
LOG (one JSON object per line) so the script can check what the hooks put in front of the model.
Main agent, by the number of tool results it has seen: 0 -> Bash `cd src`, 1 -> Read a file,
2 -> Read another (the 2-action reminder fires), 3 -> start a sub-agent with pplan's brief,
4 -> a Bash command left running in the background, then end the turn (the Stop hook sees it
in `background_tasks`). A sub-agent (its prompt opens with `## Agent `) ends its turn without
marking; once the SubagentStop hook held it, it ends again (the hook lets it go).
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
LOG = sys.argv[2]
PROJECT = sys.argv[3]
BRIEF = open(sys.argv[4]).read() if len(sys.argv) > 4 else "## Agent BE-001: x"


def text_of(content):
    if isinstance(content, str):
        return content
    out = []
    for block in content or []:
        if block.get("type") == "text":
            out.append(block.get("text", ""))
        elif block.get("type") == "tool_result":
            out.append(text_of(block.get("content")))
    return "\n".join(out)


def sse(blocks, stop):
    events = [("message_start", {"type": "message_start", "message": {
        "id": "msg_standin", "type": "message", "role": "assistant", "model": "claude-standin",
        "content": [], "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 1}}})]
    for i, b in enumerate(blocks):
        if b["type"] == "text":
            events.append(("content_block_start", {"type": "content_block_start", "index": i,
                                                    "content_block": {"type": "text", "text": ""}}))
            events.append(("content_block_delta", {"type": "content_block_delta", "index": i,
                                                    "delta": {"type": "text_delta", "text": b["text"]}}))
        else:
            events.append(("content_block_start", {"type": "content_block_start", "index": i,
                                                    "content_block": {"type": "tool_use", "id": b["id"],
                                                                      "name": b["name"], "input": {}}}))
            events.append(("content_block_delta", {"type": "content_block_delta", "index": i,
                                                    "delta": {"type": "input_json_delta",
                                                              "partial_json": json.dumps(b["input"])}}))
        events.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    events.append(("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                                     "usage": {"output_tokens": 5}}))
    events.append(("message_stop", {"type": "message_stop"}))
    return "".join(f"event: {n}\ndata: {json.dumps(d)}\n\n" for n, d in events).encode()


def answer(body):
    messages = body.get("messages", [])
    tools = [t.get("name") for t in body.get("tools", []) or []]
    first = text_of(messages[0].get("content")) if messages else ""
    all_text = "\n".join(text_of(m.get("content")) for m in messages)
    results = sum(1 for m in messages if isinstance(m.get("content"), list)
                  for b in m["content"] if b.get("type") == "tool_result")
    if "## Agent " in first:  # a pplan sub-agent: end without marking
        return [{"type": "text", "text": "sub-agent: done (not marked)"}], "end_turn"
    if "Bash" not in tools:  # a side request (title, summary, ...)
        return [{"type": "text", "text": "ok"}], "end_turn"
    agent_tool = next((t for t in ("Agent", "Task") if t in tools), None)
    step = [
        {"type": "tool_use", "id": "tu_1", "name": "Bash", "input": {"command": "cd src && pwd", "description": "cd"}},
        {"type": "tool_use", "id": "tu_2", "name": "Read", "input": {"file_path": f"{PROJECT}/src/a.txt"}},
        {"type": "tool_use", "id": "tu_3", "name": "Read", "input": {"file_path": f"{PROJECT}/src/b.txt"}},
    ]
    if results < len(step):
        return [step[results]], "tool_use"
    if results == len(step) and agent_tool:
        return [{"type": "tool_use", "id": "tu_4", "name": agent_tool, "input": {
            "description": "BE-001", "prompt": BRIEF, "subagent_type": "general-purpose"}}], "tool_use"
    if results == len(step) + 1:  # a command left running in the background, then the stop
        return [{"type": "tool_use", "id": "tu_5", "name": "Bash", "input": {
            "command": "sleep 8", "description": "wait", "run_in_background": True}}], "tool_use"
    return [{"type": "text", "text": "main: finished"}], "end_turn"


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.send_response(200)
        self.end_headers()

    def do_GET(self):
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.end_headers()
        self.wfile.write(b"{}")

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            body = json.loads(raw)
        except ValueError:
            body = {}
        with open(LOG, "a") as f:
            f.write(json.dumps({"path": self.path, "body": body}) + "\n")
        if not self.path.startswith("/v1/messages") or self.path.startswith("/v1/messages/count_tokens"):
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"input_tokens": 10}')
            return
        blocks, stop = answer(body)
        if body.get("stream"):
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.end_headers()
            self.wfile.write(sse(blocks, stop))
        else:
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.end_headers()
            self.wfile.write(json.dumps({"id": "msg_standin", "type": "message", "role": "assistant",
                                         "model": "claude-standin", "content": blocks, "stop_reason": stop,
                                         "stop_sequence": None,
                                         "usage": {"input_tokens": 10, "output_tokens": 5}}).encode())


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
