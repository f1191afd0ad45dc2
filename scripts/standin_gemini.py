#!/usr/bin/env python3
"""A scripted stand-in for the Gemini API on 127.0.0.1, for scripts/real-hosts.sh.

Gemini CLI reaches it through GOOGLE_GEMINI_BASE_URL. It never thinks: it answers by looking at
the request, and appends every request body to LOG (one JSON object per line) so the script can
check what the hooks put in front of the model.

Side requests (`:generateContent`, the CLI's model router and next-speaker checks) get a JSON
answer with every field those ask for. The main turn (`:streamGenerateContent`), by the number
of tool results it has seen: 0 -> run_shell_command `cd src && pwd`, 1 -> read_file src/a.txt,
2 -> read_file src/b.txt (the 2-action reminder fires), then a final answer. When the AfterAgent
hook holds the stop, its reason comes back as a new prompt; the stand-in answers it and ends.
"""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
LOG = sys.argv[2]

SIDE = {"next_speaker": "user", "reasoning": "the turn is complete",
        "complexity_reasoning": "a scripted turn", "complexity_score": 1,
        "model_choice": "flash"}


def candidate(parts):
    return {"candidates": [{"content": {"role": "model", "parts": parts},
                            "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}}


def turn(body):
    parts = [p for c in body.get("contents", []) for p in c.get("parts", [])]
    results = sum(1 for p in parts if "functionResponse" in p)
    steps = [
        {"functionCall": {"name": "run_shell_command", "args": {"command": "cd src && pwd",
                                                                 "description": "cd"}}},
        {"functionCall": {"name": "read_file", "args": {"file_path": "src/a.txt"}}},
        {"functionCall": {"name": "read_file", "args": {"file_path": "src/b.txt"}}},
    ]
    if results < len(steps):
        return candidate([steps[results]])
    return candidate([{"text": "main: finished"}])


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def reply(self, kind, data):
        self.send_response(200)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.reply("application/json", b"{}")

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length", 0)))
        try:
            body = json.loads(raw)
        except ValueError:
            body = {}
        with open(LOG, "a") as f:
            f.write(json.dumps({"path": self.path, "body": body}) + "\n")
        if ":streamGenerateContent" in self.path:
            self.reply("text/event-stream", ("data: " + json.dumps(turn(body)) + "\r\n\r\n").encode())
        elif ":countTokens" in self.path:
            self.reply("application/json", b'{"totalTokens": 10}')
        else:
            self.reply("application/json", json.dumps(candidate([{"text": json.dumps(SIDE)}])).encode())


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
