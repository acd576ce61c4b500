#!/usr/bin/env python3
"""A local HTTP server that stands in for a reader's webhook (an ntfy server, say) in tests: it
records every POST and answers 200, or the failures a test planned.

Control endpoints for tests:
    GET  /_receiver/log                   every POST received: [{"path","headers","body"}]
    POST /_receiver/fail?status=500&count=2
                                          the next `count` POSTs answer `status`

Run:  python3 scripts/webhook-receiver.py [--port 0]
It prints "listening on http://127.0.0.1:PORT" once ready.
"""
import argparse
import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
received = []
planned = []  # statuses to answer next


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body=b""):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/_receiver/log":
            with lock:
                body = json.dumps(received).encode()
            return self.answer(200, body)
        self.answer(404)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/_receiver/fail":
            query = urllib.parse.parse_qs(url.query)
            with lock:
                planned.extend([int(query["status"][0])] * int(query["count"][0]))
            return self.answer(204)
        with lock:
            received.append({
                "path": self.path,
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })
            status = planned.pop(0) if planned else 200
        self.answer(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
