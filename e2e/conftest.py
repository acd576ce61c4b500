"""Browser tests: a real `bookstrack serve` process on a temporary SQLite database, driven by
Debian's Chromium through Playwright, with axe-core checking every page visited."""

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Tests" / "Fixtures"
CHROMIUM = os.environ.get("BOOKSTRACK_CHROMIUM", "/usr/bin/chromium")


def _binary() -> str:
    explicit = os.environ.get("BOOKSTRACK_BIN")
    if explicit:
        return explicit
    output = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return str(Path(output.stdout.strip()) / "bookstrack")


class Server:
    """A running `bookstrack serve` on a port of its own choosing."""

    def __init__(self, environment=None, arguments=()):
        self.directory = tempfile.mkdtemp(prefix="bookstrack-e2e-")
        self.log = open(os.path.join(self.directory, "server.log"), "w+")
        # No network in tests: look-ups are off unless a test points them at the replay server.
        env = dict(
            os.environ, HOME=self.directory, BOOKSTRACK_DATABASE_URL=os.path.join(self.directory, "e2e.sqlite"),
            BOOKSTRACK_ENRICHMENT="off")
        env.update(environment or {})
        self.process = subprocess.Popen(
            [_binary(), "serve", "--port", "0", *arguments], stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.time() + 60
        while time.time() < deadline:
            self.log.seek(0)
            match = re.search(r"running at (http://127\.0\.0\.1:\d+)", self.log.read())
            if match:
                self.url = match.group(1)
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.log.seek(0)
        raise RuntimeError("bookstrack serve did not start:\n" + self.log.read())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)


class Replay:
    """The local server replaying recorded Wikidata and Open Library answers (scripts/replay-apis.py)."""

    def __init__(self):
        self.process = subprocess.Popen(
            ["python3", str(ROOT / "scripts" / "replay-apis.py"), "--port", "0"], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        self.url = line.strip().split(" ")[-1]

    def control(self, path: str):
        import urllib.request
        return urllib.request.urlopen(urllib.request.Request(self.url + path, method="POST" if path != "/_replay/log" else "GET"))

    def log(self):
        import json
        return json.loads(self.control("/_replay/log").read())

    def environment(self):
        return {
            "BOOKSTRACK_ENRICHMENT": "on",
            "BOOKSTRACK_WIKIDATA_URL": self.url + "/www.wikidata.org",
            "BOOKSTRACK_OPENLIBRARY_URL": self.url + "/openlibrary.org",
            "BOOKSTRACK_OPENLIBRARY_COVERS_URL": self.url + "/covers.openlibrary.org",
        }

    def serve(self, host: str, path: str, content_type: str, body: bytes):
        """Answers `path` on `host` with `body` until reset: an answer the test made itself."""
        import urllib.parse
        import urllib.request
        query = urllib.parse.urlencode({"host": host, "path": path, "content_type": content_type})
        urllib.request.urlopen(urllib.request.Request(self.url + "/_replay/serve?" + query, data=body, method="POST"))

    def stop(self):
        self.process.kill()
        self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def server():
    running = Server()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


AXE = Axe()


def check_accessibility(page, label: str):
    """Fails with axe's report when the page has any accessibility violation, in light and
    dark colours."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_timeout(300)  # let colour transitions finish before measuring contrast
        results = AXE.run(page)
        assert results.violations_count == 0, f"{label} ({scheme}): {results.generate_report()}"
    page.emulate_media(color_scheme="light")


PASSWORD = "correct horse battery"


def create_owner(page, server, name: str, language: str = ""):
    """Creates the instance's owner account on the first-visit page; the browser is signed in.
    The reading language the page proposes from the browser is set to `language` ("" is "Not
    set": the tests written before the proposal count on a reader without one)."""
    page.goto(server.url + "/setup")
    page.get_by_role("textbox", name="Name", exact=True).fill(name)
    page.get_by_role("textbox", name="Password", exact=True).fill(PASSWORD)
    page.get_by_role("textbox", name="Password again", exact=True).fill(PASSWORD)
    page.get_by_label("Language you read in most").select_option(language)
    page.get_by_role("button", name="Create the owner account").click()


def import_file(page, server, path):
    """Uploads an export on the import page and imports it as the preview proposes."""
    page.goto(server.url + "/import")
    page.get_by_label("Export file").set_input_files(str(path))
    page.get_by_role("button", name="Upload and preview").click()
    page.get_by_role("button", name=re.compile(r"^Import \d+ books$")).click()
    expect(page.get_by_role("heading", name=re.compile("Import report"))).to_be_visible()


def sign_in(page, server, name: str):
    page.goto(server.url + "/login")
    page.get_by_role("textbox", name="Name", exact=True).fill(name)
    page.get_by_role("textbox", name="Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
