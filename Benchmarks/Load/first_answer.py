#!/usr/bin/env python3
"""The first insights answer a reader waits for after a big import, and after a restart
(Benchmarks/README.md, issue 16), through a release `bookstrack serve` on SQLite.

Reader "r" opens the insights (the server now keeps their empty library), imports a synthetic
Goodreads export of N rows through `POST /api/v1/imports`, then asks for the insights of three
years never asked for; the server is restarted and asked again (a library no server keeps: read
whole). Prints each answer's time.

    Benchmarks/Load/first_answer.py            # 10,000 rows
    Benchmarks/Load/first_answer.py --rows 100000
"""
import argparse
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

import run as load
from during_import import request


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(load.ROOT / ".build/release/bookstrack"))
    parser.add_argument("--rows", type=int, default=10_000)
    arguments = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="bookstrack-first-"))
    env = dict(os.environ, BOOKSTRACK_DATABASE_URL=str(work / "db.sqlite"), BOOKSTRACK_ENRICHMENT="off",
               BOOKSTRACK_LOG_LEVEL="error")
    load.cli(arguments.binary, env, "user", "create", "r")
    token = load.cli(arguments.binary, env, "user", "token", "r").strip()
    export = pathlib.Path(load.synthetic_export(work / "big.csv", arguments.rows)).read_bytes()

    def serve():
        port = load.free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([arguments.binary, "serve", "--port", str(port), "--upload-limit", "200"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=open(work / "serve.log", "a"))
        load.wait_for(url)
        return server, url

    def answer(url, year):
        started = time.time()
        status, _ = request(f"{url}/api/v1/insights/diversity?period={year}", token)
        assert status == 200, status
        return (time.time() - started) * 1000

    server, url = serve()
    try:
        print(f"empty library, first answer: {answer(url, 2026):.0f} ms")
        started = time.time()
        status, _ = request(f"{url}/api/v1/imports?fileName=big.csv", token, "POST", export, "text/csv")
        print(f"import of {arguments.rows:,} rows: HTTP {status} in {time.time() - started:.1f} s")
        after = [answer(url, year) for year in (2025, 2024, 2023)]
        print("after the import, answers: " + ", ".join(f"{ms:.0f} ms" for ms in after))
    finally:
        server.terminate()
        server.wait(timeout=30)
    server, url = serve()
    try:
        restarted = [answer(url, year) for year in (2022, 2021, 2020)]
        print("server restarted, answers: " + ", ".join(f"{ms:.0f} ms" for ms in restarted))
    finally:
        server.terminate()
        server.wait(timeout=30)
    print("RESULT rows=%d first_after_import_ms=%.0f first_after_restart_ms=%.0f" % (
        arguments.rows, after[0], restarted[0]))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
