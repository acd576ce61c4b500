#!/usr/bin/env python3
"""A local HTTP server that replays the recorded Wikidata, Wikipedia and Open Library answers in
Tests/Fixtures/apis (see its README), so that BooksTrack's real enrichment clients can be tested
with no network.

Each host is served under a path prefix:
    http://127.0.0.1:PORT/www.wikidata.org/w/api.php?...      (BOOKSTRACK_WIKIDATA_URL=http://127.0.0.1:PORT/www.wikidata.org)
    http://127.0.0.1:PORT/openlibrary.org/api/books?...       (BOOKSTRACK_OPENLIBRARY_URL=http://127.0.0.1:PORT/openlibrary.org)

Requests are matched as the fixtures' README says: method (GET and POST alike), host, path and
the parameters that select a response, canonicalised. An unknown request answers 404 with an
empty body, never the nearest match, so a test fails when a client asks for something nobody
recorded. Bodies are sent byte for byte with the recorded status and Content-Type.

One decision beyond the README: `wbgetentities` without `props` is matched as the API's
documented default `info|sitelinks|aliases|labels|descriptions|claims|datatype` (what the live
API sends for both), so a client that leaves `props` out gets the recordings made with the full
list spelled out.

Control endpoints for tests (never part of a real service):
    GET  /_replay/log              every request served: [{"host","path","query","status","user_agent"}]
    POST /_replay/reset            forgets the log and any planned failures
    POST /_replay/fail?status=500&count=2[&retry_after=1][&host=www.wikidata.org]
                                   the next `count` requests (to that host) answer `status`
                                   (an error the server makes itself; the recordings hold none)
    POST /_replay/down?host=...    every request to the host fails with a closed connection
                                   until /_replay/reset
    POST /_replay/delay?seconds=1  every answer waits this long (to watch progress in a browser)

Run:  python3 scripts/replay-apis.py [--port 0] [--fixtures Tests/Fixtures/apis]
It prints "listening on http://127.0.0.1:PORT" once ready.
"""
import argparse
import csv
import hashlib
import json
import os
import pathlib
import re
import signal
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DEFAULT_PROPS = frozenset("info|sitelinks|aliases|labels|descriptions|claims|datatype".split("|"))


def parse_pairs(text):
    """Query or form text → dict (the last value of a repeated key wins), `+` = space."""
    out = {}
    for pair in text.split("&"):
        if not pair:
            continue
        key, _, value = pair.partition("=")
        out[urllib.parse.unquote_plus(key)] = urllib.parse.unquote_plus(value)
    return out


def manifest_pairs(text):
    """The manifest's canonical query (already decoded)."""
    out = {}
    for pair in text.split("&") if text else []:
        key, _, value = pair.partition("=")
        out[key] = value
    return out


def as_set(value):
    return frozenset(v for v in value.split("|") if v) if value is not None else None


def selector(host, path, params):
    """The key that selects a response for a request (see the fixtures' README)."""
    p = dict(params)
    extra = tuple(sorted((k, v) for k, v in p.items() if k.startswith("x-")))
    if host == "www.wikidata.org" and path == "/w/api.php":
        action = p.get("action")
        if action == "wbgetentities":
            try:
                if float(p.get("maxlag", "0")) < 0:
                    return (host, path, "maxlag-error")
            except ValueError:
                pass
            if "ids" in p:
                subject = ("ids", as_set(p["ids"]))
            else:
                subject = ("titles", p.get("sites"), as_set(p.get("titles", "")))
            props = as_set(p["props"]) if "props" in p else DEFAULT_PROPS
            return (
                host, path, action, subject, props, as_set(p.get("languages")), "languagefallback" in p,
                p.get("redirects", "yes"), p.get("formatversion", "1"), extra,
            )
        if action == "wbsearchentities":
            return (
                host, path, action, p.get("search"), p.get("language"), p.get("type", "item"), p.get("limit", "7"),
                p.get("continue", "0"), p.get("strictlanguage"), extra,
            )
        if action == "query" and p.get("list") == "search":
            return (
                host, path, "search", p.get("srsearch"), p.get("srlimit", "10"), p.get("sroffset", "0"),
                p.get("srnamespace"), extra,
            )
        return (host, path, "other", tuple(sorted(p.items())))
    if host == "en.wikipedia.org" and path == "/w/api.php":
        return (host, path, as_set(p.get("titles", "")), p.get("ppprop"), p.get("redirects"), extra)
    if host == "www.wikidata.org" and path.startswith("/wiki/Special:EntityData/"):
        return (host, path, p.get("revision"), p.get("flavor"), extra)
    if host == "www.wikidata.org" and path.startswith("/w/rest.php/"):
        return (host, path, extra)
    if host == "query.wikidata.org" and path == "/sparql":
        digest = p.get("query_sha256")
        if digest is None and "query" in p:
            digest = hashlib.sha256(" ".join(p["query"].split()).encode()).hexdigest()
        return (host, path, digest, extra)
    if host == "openlibrary.org" and path == "/search.json":
        return (host, path, tuple(sorted(p.items())))
    if host == "openlibrary.org" and re.fullmatch(r"/works/[^/]+/editions\.json", path):
        return (host, path, p.get("limit", "50"), p.get("offset", "0"), extra)
    if host == "openlibrary.org" and path == "/api/books":
        return (host, path, frozenset(p.get("bibkeys", "").split(",")), p.get("jscmd"), p.get("format"), extra)
    ignored = {"format", "origin", "uselang", "utf8", "maxlag"} if host != "openlibrary.org" else set()
    return (host, path, tuple(sorted((k, v) for k, v in p.items() if k not in ignored)))


class Replay:
    def __init__(self, fixtures):
        self.fixtures = pathlib.Path(fixtures)
        self.table = {}
        with (self.fixtures / "manifest.tsv").open(encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                key = selector(row["host"], row["path"], manifest_pairs(row["query"]))
                if key in self.table:
                    raise SystemExit(f"two manifest rows share a key: {row['body']} and {self.table[key][2]}")
                self.table[key] = (int(row["status"]), row["content_type"], row["body"])
        self.lock = threading.Lock()
        self.log = []
        self.failures = []  # [host or None, status, remaining, retry_after]
        self.down = set()
        self.delay = 0.0
        # Answers a test made itself (not recordings): (host, path) -> (content_type, body).
        self.made = {}

    def answer(self, method, host, path, params, user_agent=None):
        with self.lock:
            if host in self.down:
                self.log.append({"host": host, "path": path, "query": params, "status": "down", "user_agent": user_agent})
                return None
            for plan in self.failures:
                if plan[2] > 0 and (plan[0] is None or plan[0] == host):
                    plan[2] -= 1
                    self.log.append({"host": host, "path": path, "query": params, "status": plan[1], "user_agent": user_agent})
                    headers = {"Retry-After": str(plan[3])} if plan[3] is not None else {}
                    return plan[1], "text/plain", b"", headers
        if self.delay:
            time.sleep(self.delay)
        made = self.made.get((host, path))
        if made is not None:
            with self.lock:
                self.log.append({"host": host, "path": path, "query": params, "status": 200, "user_agent": user_agent})
            return 200, made[0], made[1], {}
        found = self.table.get(selector(host, path, params))
        if found is None:
            status, content_type, body = 404, "text/plain", b""
        else:
            status, content_type, name = found
            body = (self.fixtures / name).read_bytes()
        with self.lock:
            self.log.append({"host": host, "path": path, "query": params, "status": status, "user_agent": user_agent})
        return status, content_type, body, {}


def make_handler(replay):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send(self, status, content_type, body, headers=None):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def control(self, path, params, raw=b""):
            if path == "/_replay/log":
                with replay.lock:
                    body = json.dumps(replay.log).encode()
                return self.send(200, "application/json", body)
            if path == "/_replay/reset":
                with replay.lock:
                    replay.log.clear()
                    replay.failures.clear()
                    replay.down.clear()
                    replay.delay = 0.0
                    replay.made.clear()
                return self.send(204, "text/plain", b"")
            if path == "/_replay/serve":
                # A test's own answer for one path (a cover picture: nothing of the kind was
                # recorded), served with status 200 until reset.
                with replay.lock:
                    replay.made[(params.get("host"), params.get("path"))] = (
                        params.get("content_type", "application/octet-stream"), raw)
                return self.send(204, "text/plain", b"")
            if path == "/_replay/fail":
                retry = params.get("retry_after")
                with replay.lock:
                    replay.failures.append(
                        [params.get("host"), int(params.get("status", "500")), int(params.get("count", "1")),
                         int(retry) if retry is not None else None])
                return self.send(204, "text/plain", b"")
            if path == "/_replay/delay":
                with replay.lock:
                    replay.delay = float(params.get("seconds", "0"))
                return self.send(204, "text/plain", b"")
            if path == "/_replay/down":
                with replay.lock:
                    replay.down.add(params.get("host"))
                return self.send(204, "text/plain", b"")
            return self.send(404, "text/plain", b"")

        def handle_request(self, method):
            url = urllib.parse.urlsplit(self.path)
            params = parse_pairs(url.query)
            raw = b""
            if method == "POST":
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                if url.path == "/_replay/serve":
                    return self.control(url.path, params, raw)
                body = raw.decode("utf-8", "replace")
                if (self.headers.get("Content-Type") or "").startswith("application/sparql-query"):
                    params["query"] = body
                else:
                    params.update(parse_pairs(body))
            if url.path.startswith("/_replay/"):
                return self.control(url.path, params)
            parts = url.path.split("/", 2)
            if len(parts) < 3:
                return self.send(404, "text/plain", b"")
            host, path = parts[1], "/" + parts[2]
            answer = replay.answer(method, host, urllib.parse.unquote(path), params, self.headers.get("User-Agent"))
            if answer is None:
                # The host is "down": drop the connection without an answer.
                self.close_connection = True
                self.connection.shutdown(2)
                return
            self.send(*answer)

        def do_GET(self):
            self.handle_request("GET")

        def do_POST(self):
            self.handle_request("POST")

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    default = pathlib.Path(__file__).resolve().parent.parent / "Tests/Fixtures/apis"
    parser.add_argument("--fixtures", default=str(default))
    args = parser.parse_args()
    # A parent process may have blocked SIGTERM in the mask this process inherits.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    replay = Replay(args.fixtures)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(replay))
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
