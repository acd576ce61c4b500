"""A server killed in the middle of a browser import (while its books are being written): after a
restart the page and the progress answer say at once that the import was interrupted, nothing was
imported, the part already written is gone, and so is the uploaded file."""

import json
import os
import re
import signal
import sqlite3
import subprocess
import time

from conftest import Server, _binary, check_accessibility, create_owner
from playwright.sync_api import expect


def big_export(path, rows=100_000):
    with open(path, "w", encoding="utf-8") as out:
        out.write("Book Id,Title,Author,ISBN13,Exclusive Shelf,My Rating,Number of Pages,Original Publication Year\n")
        for i in range(rows):
            out.write(f"{i + 1},Book number {i},Author {i % 20000},,read,{i % 6},{100 + i % 400},{1900 + i % 120}\n")


def start(server):
    """Starts `bookstrack serve` again on the first server's database; returns (process, url)."""
    log = open(os.path.join(server.directory, "restarted.log"), "w+")
    env = dict(
        os.environ, HOME=server.directory, BOOKSTRACK_DATABASE_URL=os.path.join(server.directory, "e2e.sqlite"),
        BOOKSTRACK_ENRICHMENT="off")
    process = subprocess.Popen([_binary(), "serve", "--port", "0"], stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 60
    while time.time() < deadline:
        log.seek(0)
        match = re.search(r"running at (http://127\.0\.0\.1:\d+)", log.read())
        if match:
            return process, match.group(1)
        time.sleep(0.1)
    raise RuntimeError("the server did not start again")


def test_killed_import_is_interrupted_at_once(browser):
    server = Server()
    restarted = None
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(60_000)
        create_owner(page, server, "ruth")
        export = os.path.join(server.directory, "big_library.csv")
        big_export(export)
        page.goto(server.url + "/import")
        page.get_by_label("Export file").set_input_files(export)
        page.get_by_role("button", name="Upload and preview").click()
        button = page.get_by_role("button", name=re.compile(r"^Import [\d,]+ books$"))
        expect(button).to_be_visible()
        upload = re.search(r"/import/uploads/([0-9a-f-]{36})", page.url).group(1)
        # Confirm without waiting for the next page: the import holds the write lock meanwhile.
        button.click(no_wait_after=True)
        database_path = os.path.join(server.directory, "e2e.sqlite")
        deadline = time.time() + 30
        status = None
        while time.time() < deadline:
            with sqlite3.connect(database_path) as watch:
                (status,) = watch.execute("SELECT status FROM import_uploads WHERE id = ?", (upload,)).fetchone()
            if status != "previewed":
                break
            time.sleep(0.05)
        assert status == "running", status
        # Wait until part of the file is written (staged out of sight: a big import on SQLite is
        # written in chunks and published at the end), then kill -9 in the middle of it. (A debug
        # build on a slow machine matches 100,000 rows for a while before it writes any.)
        deadline = time.time() + 180
        staged = 0
        while time.time() < deadline and staged < 1000:
            with sqlite3.connect(database_path) as watch:
                (staged,) = watch.execute(
                    "SELECT COUNT(*) FROM library_entries WHERE user_id IN (SELECT id FROM users WHERE role = 'staging')"
                ).fetchone()
            time.sleep(0.05)
        assert staged >= 1000, staged

        # kill -9 in the middle of the import.
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=10)
        restarted, url = start(server)

        # At once: the progress answer and the page say it was interrupted.
        deadline = time.time() + 5
        answer = {}
        while time.time() < deadline:
            response = page.request.get(f"{url}/import/uploads/{upload}/progress")
            answer = json.loads(response.text())
            if answer.get("status") != "running":
                break
            time.sleep(0.2)
        assert answer.get("status") == "failed", answer
        page.goto(f"{url}/import/uploads/{upload}")
        expect(page.get_by_role("heading", name=re.compile("failed"))).to_be_visible()
        expect(page.get_by_text("The server stopped while this import was running, so nothing was imported.")).to_be_visible()
        check_accessibility(page, "interrupted import")

        # Nothing was imported, and the file is gone from the database.
        page.goto(f"{url}/library")
        expect(page.get_by_text("Your library is empty")).to_be_visible()
        database = sqlite3.connect(os.path.join(server.directory, "e2e.sqlite"))
        # The staged books are thrown away by the restarted server's clean-up (at once, not when
        # their lease lapses), a chunk at a time.
        deadline = time.time() + 30
        while time.time() < deadline:
            (hidden,) = database.execute("SELECT COUNT(*) FROM users WHERE role = 'staging'").fetchone()
            if hidden == 0:
                break
            time.sleep(0.2)
        (size,) = database.execute("SELECT length(content) FROM import_uploads WHERE id = ?", (upload,)).fetchone()
        (books,) = database.execute("SELECT COUNT(*) FROM library_entries").fetchone()
        (works,) = database.execute("SELECT COUNT(*) FROM works").fetchone()
        (hidden,) = database.execute("SELECT COUNT(*) FROM users WHERE role = 'staging'").fetchone()
        database.close()
        assert size == 0 and books == 0 and works == 0 and hidden == 0, (size, books, works, hidden)
    finally:
        if restarted:
            restarted.terminate()
            restarted.wait(timeout=10)
        server.process = subprocess.Popen(["true"])  # already killed; let stop() clean up
        server.stop()
