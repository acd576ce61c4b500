#!/usr/bin/env python3
"""Another reader's writes while a big import runs on the same server (Benchmarks/README.md).

One release `bookstrack serve`; reader "importer" posts a synthetic Goodreads export of N rows to
`POST /api/v1/imports` (the import runs in that request), while reader "writer" changes a book's
rating through the API as fast as one client can, before, during and after. Prints the writer's
latency percentiles during the import and one RESULT line.

    Benchmarks/Load/during_import.py                  # 50,000 rows, SQLite
    Benchmarks/Load/during_import.py --database "$(scripts/postgres-throwaway start)"
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request

import run as load


def request(url, token, method="GET", body=None, content_type="application/json"):
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": content_type})
    with urllib.request.urlopen(req, timeout=600) as answer:
        return answer.status, answer.read()


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))] if ordered else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", help="a postgres:// URL (default: a new SQLite file)")
    parser.add_argument("--binary", default=str(load.ROOT / ".build/release/bookstrack"))
    parser.add_argument("--rows", type=int, default=50_000)
    arguments = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="bookstrack-during-"))
    env = dict(os.environ, BOOKSTRACK_DATABASE_URL=arguments.database or str(work / "db.sqlite"),
               BOOKSTRACK_ENRICHMENT="off", BOOKSTRACK_LOG_LEVEL="error")
    tokens = {}
    for name in ("importer", "writer"):
        load.cli(arguments.binary, env, "user", "create", name)
        tokens[name] = load.cli(arguments.binary, env, "user", "token", name).strip()
    load.cli(arguments.binary, env, "import", load.FIXTURES[0], "--user", "writer")
    export = pathlib.Path(load.synthetic_export(work / "big.csv", arguments.rows)).read_bytes()

    port = load.free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([arguments.binary, "serve", "--port", str(port), "--upload-limit", "200"], env=env,
                              stdout=subprocess.DEVNULL, stderr=open(work / "serve.log", "w"))
    try:
        load.wait_for(url)
        entries = load.entry_ids(url, tokens["writer"])
        samples = []  # (start, seconds, status)
        stop = threading.Event()

        def writer():
            n = 0
            while not stop.is_set():
                entry = entries[n % len(entries)]
                started = time.time()
                try:
                    status, _ = request(f"{url}/api/v1/entries/{entry}", tokens["writer"], "PATCH",
                                        {"rating": (n % 5) + 1})
                except urllib.error.HTTPError as error:
                    status = error.code
                samples.append((started, time.time() - started, status))
                n += 1
                time.sleep(0.02)

        thread = threading.Thread(target=writer)
        thread.start()
        time.sleep(2)
        import_started = time.time()
        status, body = request(f"{url}/api/v1/imports?fileName=big.csv", tokens["importer"], "POST", export, "text/csv")
        import_ended = time.time()
        time.sleep(2)
        stop.set()
        thread.join()
        imported = json.loads(body).get("summary", {}).get("imported", json.loads(body).get("imported"))
        during = [s * 1000 for start, s, _ in samples if import_started <= start <= import_ended]
        failures = sum(1 for _, _, status in samples if status >= 500)
        slowest = sorted((s, start - import_started) for start, s, _ in samples if import_started <= start <= import_ended)[-5:]
        print("slowest writes (ms at s into the import): " + ", ".join(f"{s * 1000:.0f} at {at:.1f}" for s, at in slowest))
        print(f"import of {arguments.rows:,} rows: HTTP {status} in {import_ended - import_started:.1f} s "
              f"({arguments.rows / (import_ended - import_started):,.0f} rows/s), imported={imported}")
        print(f"writer: {len(during)} writes during the import; p50 {percentile(during, 0.5):.0f} ms, "
              f"p99 {percentile(during, 0.99):.0f} ms, max {max(during, default=float('nan')):.0f} ms; "
              f"{failures} x 5xx in all")
        print("RESULT writes=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f 5xx=%d" % (
            len(during), percentile(during, 0.5), percentile(during, 0.99), max(during, default=0), failures))
    finally:
        server.terminate()
        server.wait(timeout=30)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
