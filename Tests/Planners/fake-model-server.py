"""A stand-in for a model provider's HTTP API, for the contrib/planners tests.

    python3 fake-model-server.py LOGDIR

Listens on 127.0.0.1 at a free port and writes the port to LOGDIR/port. Answers
POST /v1/chat/completions (OpenAI-compatible) and POST /v1/messages (Anthropic) with
a fixed valid plan, and saves each request as LOGDIR/http-N.json:
{"path": ..., "headers": {...}, "body": <the JSON body>}. A request whose
Authorization or x-api-key is "wrong" gets 401.
"""
import http.server
import json
import os
import sys

LOG = sys.argv[1]
PLAN = {
    "planName": "Served Plan",
    "days": [{"day": "Monday", "title": "Legs", "exercises": [{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80}]}],
}
count = 0


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        global count
        count += 1
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        headers = {k.lower(): v for k, v in self.headers.items()}
        with open(os.path.join(LOG, "http-%d.json" % count), "w") as f:
            json.dump({"path": self.path, "headers": headers, "body": body}, f)
        if "wrong" in headers.get("authorization", "") + headers.get("x-api-key", ""):
            return self.answer(401, {"error": {"message": "invalid api key"}})
        if self.path == "/v1/chat/completions":
            return self.answer(200, {"choices": [{"message": {"role": "assistant", "content": json.dumps(PLAN)}}]})
        if self.path == "/v1/messages":
            return self.answer(200, {"content": [{"type": "tool_use", "name": "training_plan", "input": PLAN}]})
        self.answer(404, {"error": "no such path"})

    def answer(self, status, payload):
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(LOG, "port.tmp"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(LOG, "port.tmp"), os.path.join(LOG, "port"))
server.serve_forever()
