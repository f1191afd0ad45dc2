#!/usr/bin/env python3
"""A scripted stand-in for the OpenAI Responses API on 127.0.0.1, for scripts/real-hosts.sh.

Codex reaches it through a model provider whose base_url points here (see the script). It never
thinks: it answers by looking at the request, and appends every request body to LOG (one JSON
object per line) so the script can check what the hooks put in front of the model.

By the number of tool outputs it has seen: 0 -> exec_command `cd src && cat a.txt`,
1 -> exec_command `cat b.txt` in src/ (two reads: the 2-action reminder fires), then a final
answer. When the Stop hook holds the stop, its reason comes back as a new turn; the stand-in
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


def respond(item):
    usage = {"input_tokens": 10, "input_tokens_details": None, "output_tokens": 5,
             "output_tokens_details": None, "total_tokens": 15}
    return (event("response.created", {"response": {"id": "resp_standin"}})
            + event("response.output_item.done", {"output_index": 0, "item": item})
            + event("response.completed", {"response": {"id": "resp_standin", "usage": usage}})).encode()


def turn(body):
    items = body.get("input", [])
    outputs = sum(1 for i in items if i.get("type") == "function_call_output")
    steps = [
        {"cmd": "cd src && cat a.txt"},
        {"cmd": "cat b.txt", "workdir": f"{PROJECT}/src"},
    ]
    if outputs < len(steps):
        return {"type": "function_call", "id": f"fc_{outputs}", "call_id": f"call_{outputs}",
                "name": "exec_command", "arguments": json.dumps(steps[outputs])}
    return {"type": "message", "role": "assistant", "id": f"msg_{outputs}",
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
        data = respond(turn(body))
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
