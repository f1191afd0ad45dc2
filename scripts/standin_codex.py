#!/usr/bin/env python3
"""A scripted stand-in for the OpenAI Responses API on 127.0.0.1, for scripts/real-hosts.sh.

Codex reaches it through a model provider whose base_url points here, Copilot CLI through
COPILOT_PROVIDER_BASE_URL (see the script); the shell tool each offers picks the dialect. It never
thinks: it answers by looking at the request, and appends every request body to LOG (one JSON
object per line) so the script can check what the hooks put in front of the model.

By the number of tool outputs it has seen: 0 -> `cd src && cat a.txt`, 1 -> `cat b.txt` in
src/ (two reads: the 2-action reminder fires), then a final answer. A request without tools (a
title, a summary) gets the final answer. When the Stop hook holds the stop, its reason comes back as a new turn; the stand-in
answers it and ends.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
LOG = sys.argv[2]
PROJECT = sys.argv[3]


def event(name, data):
    return f"event: {name}\ndata: {json.dumps(dict(type=name, **data))}\n\n"


def respond(item, model):
    usage = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
             "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15}
    base = {"id": "resp_standin", "object": "response", "created_at": 0, "model": model}
    out = event("response.created", {"response": dict(base, status="in_progress", output=[])})
    out += event("response.output_item.added", {"output_index": 0, "item": item})
    if item["type"] == "message":
        text = item["content"][0]["text"]
        out += event("response.output_text.delta", {"item_id": item["id"], "output_index": 0,
                                                    "content_index": 0, "delta": text})
        out += event("response.output_text.done", {"item_id": item["id"], "output_index": 0,
                                                   "content_index": 0, "text": text})
    out += event("response.output_item.done", {"output_index": 0, "item": item})
    out += event("response.completed", {"response": dict(base, status="completed", output=[item], usage=usage)})
    return out.encode()


def turn(body):
    items = body.get("input", [])
    if not isinstance(items, list):
        items = []
    outputs = sum(1 for i in items if i.get("type") == "function_call_output")
    tools = [t.get("name") for t in body.get("tools", []) or []]
    if "exec_command" in tools:  # Codex
        name, steps = "exec_command", [{"cmd": "cd src && cat a.txt"},
                                       {"cmd": "cat b.txt", "workdir": f"{PROJECT}/src"}]
    else:  # Copilot CLI
        name, steps = "bash", [{"command": "cd src && cat a.txt", "description": "read a"},
                               {"command": "cat src/b.txt", "description": "read b"}]
    if tools and outputs < len(steps):
        return {"type": "function_call", "id": f"fc_{outputs}", "call_id": f"call_{outputs}",
                "name": name, "arguments": json.dumps(steps[outputs]), "status": "completed"}
    return {"type": "message", "role": "assistant", "id": f"msg_{outputs}", "status": "completed",
            "content": [{"type": "output_text", "text": "main: finished", "annotations": []}]}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(404)
        self.end_headers()

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            body = json.loads(raw)
        except ValueError:
            body = {}
        with open(LOG, "a") as f:
            f.write(json.dumps({"path": self.path, "body": body}) + "\n")
        data = respond(turn(body), body.get("model", "standin"))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
