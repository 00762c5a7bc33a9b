"""A stand-in for a model provider's HTTP API, for the contrib/planners tests.

    python3 fake-model-server.py LOGDIR

Listens on 127.0.0.1 at a free port and writes the port to LOGDIR/port. Answers
POST /v1/chat/completions (OpenAI-compatible), POST /v1/messages (Anthropic) and
POST /api/chat (ollama) with a fixed valid plan and the token usage each API reports,
counted from the request (a fake count, but one that differs from request to request),
and saves each exchange as LOGDIR/http-N.json: {"path": ..., "headers": {...},
"body": <the JSON body>, "response": <the JSON answered>}. A request whose
Authorization or x-api-key is "wrong" gets 401; a chat completion asked of the model
"no-usage" comes without usage, as some servers answer.
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


def usage(body):
    """Tokens in and out for a request: its messages' length, and the plan's, over 3."""
    return len(json.dumps(body.get("messages", []))) // 3 + count, len(json.dumps(PLAN)) // 3


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        global count
        count += 1
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        headers = {k.lower(): v for k, v in self.headers.items()}
        status, payload = self.reply(body, headers)
        with open(os.path.join(LOG, "http-%d.json" % count), "w") as f:
            json.dump({"path": self.path, "headers": headers, "body": body, "response": payload}, f)
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def reply(self, body, headers):
        if "wrong" in headers.get("authorization", "") + headers.get("x-api-key", ""):
            return 401, {"error": {"message": "invalid api key"}}
        tokens_in, tokens_out = usage(body)
        if self.path == "/v1/chat/completions":
            answer = {"choices": [{"message": {"role": "assistant", "content": json.dumps(PLAN)}}]}
            if body.get("model") != "no-usage":
                answer["usage"] = {"prompt_tokens": tokens_in, "completion_tokens": tokens_out, "total_tokens": tokens_in + tokens_out}
            return 200, answer
        if self.path == "/v1/messages":
            return 200, {"content": [{"type": "tool_use", "name": "training_plan", "input": PLAN}],
                         "usage": {"input_tokens": tokens_in, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 11,
                                   "output_tokens": tokens_out}}
        if self.path == "/api/chat":
            return 200, {"model": body.get("model"), "message": {"role": "assistant", "content": json.dumps(PLAN)}, "done": True,
                         "prompt_eval_count": tokens_in, "eval_count": tokens_out}
        return 404, {"error": "no such path"}

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(LOG, "port.tmp"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(LOG, "port.tmp"), os.path.join(LOG, "port"))
server.serve_forever()
