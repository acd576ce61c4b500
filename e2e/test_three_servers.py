"""Three `bookstrack serve` processes on one PostgreSQL database, as a self-hoster runs them:
twenty identical adds spread over them make one book and no 5xx; twenty readers adding a book by
one new author make one author; one file imported at once through all three makes its books
once. Runs when BOOKSTRACK_TEST_POSTGRES_URL names a server (scripts/test starts one)."""

import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import FIXTURES, _binary

SERVER_URL = os.environ.get("BOOKSTRACK_TEST_POSTGRES_URL", "")
GOODREADS = FIXTURES / "goodreads" / "aaronj1335__reading__goodreads_library_export.csv"

if not SERVER_URL and os.environ.get("BOOKSTRACK_REQUIRE_POSTGRES"):
    raise RuntimeError("BOOKSTRACK_REQUIRE_POSTGRES is set but BOOKSTRACK_TEST_POSTGRES_URL is not")
pytestmark = pytest.mark.skipif(not SERVER_URL, reason="needs BOOKSTRACK_TEST_POSTGRES_URL")


def psql():
    found = shutil.which("psql") or next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))), None)
    assert found, "psql is not installed"
    return found


@pytest.fixture()
def database():
    name = "bookstrack_e2e_" + uuid.uuid4().hex
    subprocess.run([psql(), SERVER_URL, "-qc", f"CREATE DATABASE {name}"], check=True)
    yield re.sub(r"/[^/]*$", "/" + name, SERVER_URL)
    subprocess.run([psql(), SERVER_URL, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], check=True)


class Servers:
    def __init__(self, url, count=3):
        self.directory = tempfile.mkdtemp(prefix="bookstrack-three-")
        self.processes, self.urls, self.logs = [], [], []
        env = dict(os.environ, HOME=self.directory, BOOKSTRACK_DATABASE_URL=url, BOOKSTRACK_ENRICHMENT="off")
        subprocess.run([_binary(), "migrate"], env=env, check=True, capture_output=True)
        for index in range(count):
            log = open(os.path.join(self.directory, f"server{index}.log"), "w+")
            self.logs.append(log)
            self.processes.append(
                subprocess.Popen([_binary(), "serve", "--port", "0"], stdout=log, stderr=subprocess.STDOUT, env=env))
        for log, process in zip(self.logs, self.processes):
            deadline = time.time() + 60
            while time.time() < deadline:
                log.seek(0)
                match = re.search(r"running at (http://127\.0\.0\.1:\d+)", log.read())
                if match:
                    self.urls.append(match.group(1))
                    break
                assert process.poll() is None, "a server stopped while starting"
                time.sleep(0.1)
        assert len(self.urls) == count
        self.env = env

    def token(self, name):
        subprocess.run([_binary(), "user", "create", name], env=self.env, check=True, capture_output=True)
        return subprocess.run(
            [_binary(), "user", "token", name], env=self.env, check=True, capture_output=True, text=True).stdout.strip()

    def stop(self):
        for process in self.processes:
            process.terminate()
            process.wait(timeout=10)
        for log in self.logs:
            log.close()
        shutil.rmtree(self.directory, ignore_errors=True)


def call(url, token, method="GET", body=None, content_type="application/json"):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method, headers={"Authorization": "Bearer " + token})
    if data is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_identical_writes_over_three_servers(database):
    servers = Servers(database)
    try:
        dana = servers.token("dana")
        book = {"title": "Kindred", "authors": ["Octavia E. Butler"], "isbn": "9780807083697", "status": "read"}
        with ThreadPoolExecutor(max_workers=20) as pool:
            answers = list(pool.map(
                lambda i: call(servers.urls[i % 3] + "/api/v1/entries", dana, "POST", book), range(20)))
        statuses = [status for status, _ in answers]
        assert all(status in (200, 201) for status in statuses), statuses
        assert statuses.count(201) == 1
        assert len({body["id"] for _, body in answers}) == 1
        status, page = call(servers.urls[1] + "/api/v1/entries", dana)
        assert status == 200 and page["total"] == 1

        # Twenty readers add a book by one new author at once: one author, shared by all.
        tokens = [servers.token(f"reader{i}") for i in range(20)]
        other = {"title": "Parable of the Sower", "authors": ["An Author Nobody Had"]}
        with ThreadPoolExecutor(max_workers=20) as pool:
            answers = list(pool.map(
                lambda i: call(servers.urls[i % 3] + "/api/v1/entries", tokens[i], "POST", other), range(20)))
        assert all(status == 201 for status, _ in answers), [status for status, _ in answers]
        assert len({body["authors"][0]["id"] for _, body in answers}) == 1

        # One file imported ten times at once through all three: its books once.
        csv = GOODREADS.read_bytes()
        with ThreadPoolExecutor(max_workers=10) as pool:
            answers = list(pool.map(
                lambda i: call(servers.urls[i % 3] + "/api/v1/imports", dana, "POST", csv, "text/csv"), range(10)))
        assert all(status == 201 for status, _ in answers), [status for status, _ in answers]
        imported = sum(body["imported"] for _, body in answers)
        status, page = call(servers.urls[2] + "/api/v1/entries", dana)
        assert page["total"] == imported + 1  # the file's books once, and Kindred
        assert imported > 100
    finally:
        servers.stop()
