"""A backup over the server's upload limit: the browser compresses it before sending (the server
reads gzip), and the import goes through; a file still too big after that is refused before it
is sent, with the command that has no limit (issue 40, item 8)."""

import json
import os

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect


def backup(books: int) -> bytes:
    entries = [
        {"authors": [f"Writer {index % 50}"], "contributors": [], "extras": {}, "owned": True, "readings": [],
         "sessions": [], "shelves": ["a shelf with a long, repetitive name that compresses well"] * 3,
         "status": "toRead", "title": f"Book number {index} of a long backup",
         "work": {"accessibility": [], "genres": [], "identifiers": []}}
        for index in range(books)
    ]
    document = {"achievements": [], "authors": [], "contributions": [], "entries": entries,
                "format": "bookstrack-backup", "goals": [],
                "reader": {"displayName": "Bo", "name": "bo", "underrepresentedRegions": []}, "version": 1}
    return json.dumps(document, indent=2).encode()


def test_big_backup_is_compressed_in_the_browser(browser):
    server = Server(environment={"BOOKSTRACK_UPLOAD_LIMIT": "1"})
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(30_000)
        create_owner(page, server, "bo")
        data = backup(5000)
        assert len(data) > 1_048_576  # over the limit as it is
        page.goto(server.url + "/import")
        page.set_input_files("input[type=file]", files=[{"name": "backup.json", "mimeType": "application/json", "buffer": data}])
        page.get_by_role("button", name="Upload and preview").click()
        expect(page.get_by_role("heading", level=1)).to_contain_text("backup.json.gz")
        expect(page.locator("#preview-summary")).to_contain_text("5000")
        check_accessibility(page, "preview of a backup compressed in the browser")

        # Random bytes do not compress: refused before sending, with the command that has no limit.
        page.goto(server.url + "/import")
        noise = os.urandom(1_200_000)
        page.set_input_files("input[type=file]", files=[{"name": "noise.json", "mimeType": "application/json", "buffer": noise}])
        page.get_by_role("button", name="Upload and preview").click()
        expect(page.locator(".upload-note")).to_contain_text("bookstrack import FILE --user NAME")
        assert page.url.endswith("/import")
    finally:
        server.stop()
