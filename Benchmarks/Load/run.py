#!/usr/bin/env python3
"""The mixed-load benchmark (Benchmarks/README.md): readers with real Goodreads libraries,
one or more release `bookstrack serve` processes, and wrk sending 80% reads and 20% writes.

    Benchmarks/Load/run.py                                   # SQLite, 1 process
    Benchmarks/Load/run.py --database "$(scripts/postgres-throwaway start)"
    Benchmarks/Load/run.py --seconds 60 --connections 16 --readers 8

Prints wrk's figures and one RESULT line: requests/s, p50/p90/p99 latency, 5xx count.
"""
import argparse
import csv
import glob
import http.cookiejar
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = sorted(glob.glob(str(ROOT / "Tests/Fixtures/goodreads/*.csv")))
PASSWORD = "load-benchmark-password"
KINDS = ["library", "book", "insights", "radar", "completion", "add", "status", "rating", "fact"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli(binary, env, *args, stdin=None):
    return subprocess.run([binary, *args], env=env, input=stdin, capture_output=True, text=True, check=True).stdout


def wait_for(url, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url + "/login", timeout=2)
            return
        except Exception:
            time.sleep(0.2)
    raise SystemExit(f"the server at {url} did not answer")


def sign_in(url, name):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = opener.open(url + "/login").read().decode()
    field = re.search(r'name="_csrf" value="([^"]*)"', page)
    body = urllib.parse.urlencode({"name": name, "password": PASSWORD, "_csrf": field.group(1) if field else ""}).encode()
    opener.open(url + "/login", data=body)
    for cookie in jar:
        if cookie.name == "bt_session":
            return cookie.value
    raise SystemExit(f"could not sign in as {name}")


def entry_ids(url, token):
    ids, page = [], 1
    while True:
        request = urllib.request.Request(
            f"{url}/api/v1/entries?page={page}", headers={"Authorization": f"Bearer {token}"})
        answer = json.load(urllib.request.urlopen(request))
        ids += [item["id"] for item in answer["items"]]
        if page >= answer["pageCount"]:
            return ids
        page += 1


def shared_author(url, token):
    """Adds "Kindred" by Octavia E. Butler to the reader's library and returns the author's id:
    every reader has that author, so changing its facts reaches every reader at once."""
    request = urllib.request.Request(
        f"{url}/api/v1/entries", method="POST", headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        data=json.dumps({"title": "Kindred", "authors": ["Octavia E. Butler"], "status": "read"}).encode())
    # 201 with the new entry, or 200 with the one already there: the author is in either.
    return json.load(urllib.request.urlopen(request))["authors"][0]["id"]


def synthetic_export(path, books):
    """A Goodreads export of `books` rows: the fixtures' rows again and again, each copy with its
    own title and without the identifiers that would make it the same book."""
    with open(FIXTURES[FIXTURES.index(max(FIXTURES, key=os.path.getsize))], newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        fields, rows = reader.fieldnames, list(reader)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        for n in range(books):
            row = dict(rows[n % len(rows)])
            copy = n // len(rows)
            if copy:
                row["Title"] = f"{row['Title']} ({copy + 1})"
                row["Book Id"] = str(10_000_000_000 + n)
                row["ISBN"] = row["ISBN13"] = ""
            writer.writerow(row)
    return str(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", help="a postgres:// URL (default: a new SQLite file)")
    parser.add_argument("--binary", default=str(ROOT / ".build/release/bookstrack"))
    parser.add_argument("--readers", type=int, default=8)
    parser.add_argument("--books", type=int, default=0,
                        help="give every reader this many books, the fixtures' rows repeated under new titles "
                             "(default: each reader imports one real Goodreads export as it is)")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--processes", type=int, default=1,
                        help="serve processes on the one database (PostgreSQL), the connections spread over them")
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=5, help="seconds of load before the measured run")
    parser.add_argument("--only", help="one kind of request at a time instead of the mix, each measured on its own: "
                                       "a comma-separated list of library, book, insights, radar, completion, add, "
                                       "status, rating, fact (or 'each' for all of them)")
    arguments = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is needed: apt-get install wrk")

    work = pathlib.Path(tempfile.mkdtemp(prefix="bookstrack-load-"))
    env = dict(os.environ, BOOKSTRACK_DATABASE_URL=arguments.database or str(work / "load.sqlite"),
               BOOKSTRACK_ENRICHMENT="off", BOOKSTRACK_LOG_LEVEL="error")
    readers = []
    started = time.time()
    for index in range(arguments.readers):
        name = f"reader{index + 1}"
        cli(arguments.binary, env, "user", "create", name)
        cli(arguments.binary, env, "user", "reset-password", name, stdin=PASSWORD + "\n")
        export = FIXTURES[index % len(FIXTURES)]
        if arguments.books:
            export = synthetic_export(work / f"{name}.csv", arguments.books)
        cli(arguments.binary, env, "import", export, "--user", name)
        token = cli(arguments.binary, env, "user", "token", name).strip()
        readers.append({"name": name, "token": token})
    print(f"{arguments.readers} readers imported in {time.time() - started:.1f} s", flush=True)

    urls, servers = [], []
    for _ in range(arguments.processes):
        port = free_port()
        urls.append(f"http://127.0.0.1:{port}")
        servers.append(subprocess.Popen([arguments.binary, "serve", "--port", str(port)], env=env,
                                        stdout=subprocess.DEVNULL, stderr=open(work / f"serve-{port}.log", "w")))
    url = urls[0]
    try:
        for each in urls:
            wait_for(each)
        for reader in readers:
            reader["cookie"] = sign_in(url, reader["name"])
            reader["author"] = shared_author(url, reader["token"])
            reader["entries"] = entry_ids(url, reader["token"])
        books = sum(len(r["entries"]) for r in readers)
        print(f"{books} books in all; {arguments.connections} connections on {len(urls)} process(es) "
              f"for {arguments.seconds} s", flush=True)
        table = work / "readers.lua"
        table.write_text("return {\n" + "".join(
            '{token = "%s", cookie = "%s", author = "%s", entries = {%s}},\n'
            % (r["token"], r["cookie"], r["author"], ", ".join(f'"{e}"' for e in r["entries"])) for r in readers) + "}\n")
        wrk_env = dict(os.environ, BOOKSTRACK_LOAD_READERS=str(table))
        script = str(pathlib.Path(__file__).with_name("mixed.lua"))
        shares = [arguments.connections // len(urls) + (1 if i < arguments.connections % len(urls) else 0)
                  for i in range(len(urls))]

        def load(seconds, latency, only=None):
            env = dict(wrk_env, BOOKSTRACK_LOAD_ONLY=only) if only else wrk_env
            runs = [subprocess.Popen(
                ["wrk", f"-t{min(2, c)}", f"-c{c}", f"-d{seconds}s", "--timeout", "10s", "-s", script, each]
                + (["--latency"] if latency else []),
                env=env, stdout=subprocess.PIPE, text=True) for each, c in zip(urls, shares)]
            return [run.communicate()[0] for run in runs]

        if arguments.warmup:
            load(arguments.warmup, False)
        if arguments.only:
            kinds = KINDS if arguments.only == "each" else arguments.only.split(",")
            for kind in kinds:
                if kind not in KINDS:
                    raise SystemExit(f"--only: {kind} is not one of {', '.join(KINDS)}")
                for line in "".join(load(arguments.seconds, True, kind)).splitlines():
                    if line.startswith("RESULT"):
                        print(f"{kind:<10}", line, flush=True)
        outputs = [] if arguments.only else load(arguments.seconds, True)
        for output in outputs:
            print(output, end="")
        if len(outputs) > 1:
            results = [dict(field.split("=") for field in line.split()[1:])
                       for output in outputs for line in output.splitlines() if line.startswith("RESULT")]
            total = sum(int(r["requests"]) for r in results)
            print("RESULT (all processes) requests=%d rps=%.1f p99_ms<=%.1f 5xx=%d" % (
                total, sum(float(r["rps"]) for r in results), max(float(r["p99_ms"]) for r in results),
                sum(int(r["5xx"]) for r in results)))
        for server in servers:
            if server.poll() is not None:
                raise SystemExit("a server stopped during the run; see " + str(work))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
