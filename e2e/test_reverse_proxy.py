"""docs/self-hosting.md's reverse proxy, for real: Debian's nginx runs docs/nginx.conf.example as
it is, with ports of its own on 127.0.0.1, a throwaway self-signed certificate and a 2 MB upload
limit, in front of `bookstrack serve --public-url https://books.example --trusted-proxy
127.0.0.1`. Over https through it: pages and the API, Secure cookies, whose address a failed
sign-in counts against, the upload limit and a backup download. No browser is needed: the
requests are the ones a browser sends.

Each client connects from a loopback address of its own (Linux answers on all of 127.0.0.0/8), so
nginx sees different machines, as it would on the internet; nginx reaches the server from
127.0.0.1, the trusted proxy."""

import gzip
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.parse
import uuid
from pathlib import Path

import pytest

from conftest import FIXTURES, PASSWORD, ROOT, Server, _binary

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"  # /usr/sbin is not on every PATH
OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"
EXAMPLE = ROOT / "docs" / "nginx.conf.example"
PUBLIC_HOST = "books.example"
UPLOAD_LIMIT_MB = 2
MB = 1_048_576

MISSING = [name for name, path in (("nginx", NGINX), ("openssl", OPENSSL)) if not os.access(path, os.X_OK)]
if MISSING and os.environ.get("BOOKSTRACK_REQUIRE_BROWSER"):
    raise RuntimeError(f"BOOKSTRACK_REQUIRE_BROWSER is set but {' and '.join(MISSING)} is not installed (apt-get install nginx)")
pytestmark = pytest.mark.skipif(bool(MISSING), reason=f"needs Debian's {' and '.join(MISSING)} (apt-get install nginx)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def site_configuration(upstream: str, https_port: int, http_port: int, certificate: Path, key: Path) -> str:
    """docs/nginx.conf.example with this test's ports, certificate and limit. Each line changed
    must be there exactly once, so the test never quietly runs something the doc does not show."""
    text = EXAMPLE.read_text()
    for old, new in [
        ("    listen 80;\n", f"    listen 127.0.0.1:{http_port};\n"),
        ("    listen [::]:80;\n", ""),
        ("    listen 443 ssl;\n", f"    listen 127.0.0.1:{https_port} ssl;\n"),
        ("    listen [::]:443 ssl;\n", ""),
        (f"/etc/letsencrypt/live/{PUBLIC_HOST}/fullchain.pem;", f"{certificate};"),
        (f"/etc/letsencrypt/live/{PUBLIC_HOST}/privkey.pem;", f"{key};"),
        # The example pairs --upload-limit 50 with 51m; the test keeps the same 1 MB margin.
        ("client_max_body_size 51m;", f"client_max_body_size {UPLOAD_LIMIT_MB + 1}m;"),
        ("proxy_pass http://127.0.0.1:8080;", f"proxy_pass {upstream};"),
    ]:
        assert text.count(old) == 1, f"docs/nginx.conf.example no longer has {old.strip()!r} once; update this test"
        text = text.replace(old, new)
    return text


# What Debian's /etc/nginx/nginx.conf puts around a site, reduced to a test's needs: everything
# nginx writes (its pid, logs, request bodies) stays in the test's folder.
NGINX_CONF = """daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log {directory}/access.log;
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
{site}
}}
"""


class Proxy:
    """Our own nginx (never the system's service) in front of `upstream`, stopped by `stop()`."""

    def __init__(self, upstream: str):
        self.directory = Path(tempfile.mkdtemp(prefix="bookstrack-nginx-"))
        # Started by root, nginx's workers run as nobody and keep request bodies in this folder.
        self.directory.chmod(0o755)
        self.certificate, key = self.directory / "certificate.pem", self.directory / "key.pem"
        subprocess.run(
            [OPENSSL, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
             "-subj", f"/CN={PUBLIC_HOST}", "-addext", f"subjectAltName=DNS:{PUBLIC_HOST}",
             "-keyout", str(key), "-out", str(self.certificate)], check=True, capture_output=True)
        self.https_port = free_port()
        self.http_port = free_port()
        while self.http_port == self.https_port:
            self.http_port = free_port()
        site = site_configuration(upstream, self.https_port, self.http_port, self.certificate, key)
        configuration = self.directory / "nginx.conf"
        configuration.write_text(NGINX_CONF.format(directory=self.directory, site=site))
        command = [NGINX, "-p", f"{self.directory}/", "-e", str(self.directory / "error.log"), "-c", str(configuration)]
        checked = subprocess.run(command + ["-t"], capture_output=True, text=True)
        assert checked.returncode == 0, "nginx refuses the configuration:\n" + checked.stderr
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.https_port), timeout=1).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("nginx did not start:\n" + self.error_log())

    def error_log(self) -> str:
        path = self.directory / "error.log"
        return path.read_text() if path.exists() else ""

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        shutil.rmtree(self.directory, ignore_errors=True)


class Deployment:
    """`bookstrack serve` behind nginx as docs/self-hosting.md sets them up, with an owner,
    `alice`, made from the command line, and her API token."""

    def __init__(self, trusted_proxy: bool):
        arguments = ["--public-url", f"https://{PUBLIC_HOST}", "--upload-limit", str(UPLOAD_LIMIT_MB)]
        if trusted_proxy:
            arguments += ["--trusted-proxy", "127.0.0.1"]
        self.server = Server(arguments=arguments)
        self.proxy = None
        try:
            self.command("user", "create", "alice")
            self.command("user", "reset-password", "alice", input=PASSWORD + "\n")
            self.token = self.command("user", "token", "alice").decode().strip()
            self.proxy = Proxy(self.server.url)
        except BaseException:
            self.stop()
            raise

    def command(self, *arguments, input: str | None = None) -> bytes:
        """Runs `bookstrack` on the server's database, as an administrator on the host would."""
        env = dict(
            os.environ, HOME=self.server.directory, BOOKSTRACK_ENRICHMENT="off",
            BOOKSTRACK_DATABASE_URL=os.path.join(self.server.directory, "e2e.sqlite"))
        done = subprocess.run(
            [_binary(), *arguments], env=env, input=input.encode() if input else None, capture_output=True)
        assert done.returncode == 0, done.stderr.decode()
        return done.stdout

    def stop(self):
        if self.proxy:
            self.proxy.stop()
        self.server.stop()


class Reply:
    def __init__(self, response: http.client.HTTPResponse):
        self.status = response.status
        self.headers = response.headers
        self.body = response.read()
        self.text = self.body.decode(errors="replace")

    def cookies(self) -> dict[str, tuple[str, set[str]]]:
        """Each cookie set: its value and its attributes, lowercased (`secure`, `path=/`…)."""
        found = {}
        for line in self.headers.get_all("Set-Cookie") or []:
            first, *attributes = [part.strip() for part in line.split(";")]
            name, _, value = first.partition("=")
            found[name] = (value, {attribute.lower() for attribute in attributes})
        return found


class Client:
    """A browser on a machine of its own: it connects from `address`, keeps its cookies and
    talks to https://books.example (nginx). `via="http"` uses nginx's plain-http port instead;
    `via="server"` skips nginx and connects to `bookstrack serve` itself."""

    def __init__(self, deployment: Deployment, address: str):
        self.deployment, self.address, self.jar = deployment, address, {}

    def request(self, method: str, path: str, body: bytes = b"", headers=None, via: str = "https") -> Reply:
        proxy, source = self.deployment.proxy, (self.address, 0)
        if via == "https":
            context = ssl.create_default_context(cafile=str(proxy.certificate))
            context.check_hostname = False  # the certificate names books.example; we connect to 127.0.0.1
            connection = http.client.HTTPSConnection(
                "127.0.0.1", proxy.https_port, context=context, source_address=source, timeout=60)
        elif via == "http":
            connection = http.client.HTTPConnection("127.0.0.1", proxy.http_port, source_address=source, timeout=60)
        else:
            port = int(self.deployment.server.url.rsplit(":", 1)[1])
            connection = http.client.HTTPConnection("127.0.0.1", port, source_address=source, timeout=60)
        sent = {"Host": PUBLIC_HOST, **(headers or {})}
        if self.jar:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.jar.items())
        try:
            connection.request(method, path, body=body, headers=sent)
            reply = Reply(connection.getresponse())
        finally:
            connection.close()
        for name, (value, attributes) in reply.cookies().items():
            if "max-age=0" in attributes:
                self.jar.pop(name, None)
            else:
                self.jar[name] = value
        return reply

    def get(self, path: str, **options) -> Reply:
        return self.request("GET", path, **options)

    def post_form(self, path: str, fields: dict, headers=None, via: str = "https") -> Reply:
        # A browser names the page's origin on every form it sends.
        sent = {"Content-Type": "application/x-www-form-urlencoded", "Origin": f"https://{PUBLIC_HOST}", **(headers or {})}
        return self.request("POST", path, urllib.parse.urlencode(fields).encode(), sent, via=via)

    def sign_in(self, name: str, password: str, forwarded_for: str | None = None, via: str = "https") -> Reply:
        """The sign-in page, then its form. `forwarded_for` is an X-Forwarded-For header the
        client makes up itself."""
        self.get("/login", via=via)
        fields = {"name": name, "password": password, "_csrf": self.jar.get("__Host-bt_csrf", "")}
        return self.post_form("/login", fields, {"X-Forwarded-For": forwarded_for} if forwarded_for else None, via=via)

    def api(self, method: str, path: str, body: bytes = b"") -> Reply:
        return self.request(method, path, body, {"Authorization": f"Bearer {self.deployment.token}"})


@pytest.fixture(scope="module")
def site():
    deployment = Deployment(trusted_proxy=True)
    yield deployment
    deployment.stop()


def test_pages_and_the_api_answer_through_the_proxy(site):
    visitor = Client(site, "127.0.0.2")
    health = visitor.get("/health")
    assert health.status == 200 and json.loads(health.body) == {"status": "ok"}
    assert visitor.get("/login?next=/library", via="http").headers["Location"] == "https://books.example/login?next=/library"
    login = visitor.get("/login")
    assert login.status == 200 and "Sign in" in login.text
    assert "default-src 'self'" in login.headers["Content-Security-Policy"]
    stylesheet = re.search(r'href="(/[^"]+\.css[^"]*)"', login.text)
    assert stylesheet and visitor.get(stylesheet.group(1)).status == 200
    me = visitor.api("GET", "/api/v1/me")
    assert me.status == 200 and json.loads(me.body)["name"] == "alice"
    # Links for other people use the public address, not the one nginx reaches the server at.
    invitation = visitor.api("POST", "/api/v1/invitations")
    assert invitation.status == 201, invitation.text
    link = json.loads(invitation.body)["url"]
    assert link.startswith("https://books.example/invite/")
    assert visitor.get(link.removeprefix("https://books.example")).status == 200


def test_cookies_set_through_the_proxy_are_secure(site):
    reader = Client(site, "127.0.0.5")
    login = reader.get("/login")
    _, csrf = login.cookies()["__Host-bt_csrf"]
    # The __Host- prefix: browsers take it only with Secure, Path=/ and no Domain.
    assert {"secure", "httponly", "path=/"} <= csrf and not any(a.startswith("domain=") for a in csrf)
    signed_in = reader.sign_in("alice", PASSWORD)
    assert signed_in.status == 303 and signed_in.headers["Location"] == "/"
    _, session = signed_in.cookies()["bt_session"]
    assert {"secure", "httponly", "samesite=lax"} <= session
    home = reader.get("/")
    assert home.status == 200 and "Sign in" not in home.text


def test_failed_sign_ins_count_against_the_client_nginx_saw(site):
    guesser, reader = Client(site, "127.0.0.3"), Client(site, "127.0.0.4")
    # Twenty failures from one machine, five of them for alice, each naming a different made-up
    # client in X-Forwarded-For to spread them out. nginx appends the address it saw, and the
    # server takes the nearest address that is not the trusted proxy: the guesser's own.
    for attempt in range(20):
        name = "alice" if attempt < 5 else f"guess{attempt}"
        failed = guesser.sign_in(name, "not the password", forwarded_for=f"198.51.100.{attempt + 1}")
        assert failed.status == 401, f"attempt {attempt + 1}: {failed.status}"
    locked = guesser.sign_in("someone", "not the password", forwarded_for="198.51.100.99")
    assert locked.status == 429 and "from this network" in locked.text
    assert guesser.sign_in("alice", PASSWORD).status == 429
    # Another machine is not locked, for alice or anyone.
    assert reader.sign_in("alice", PASSWORD).status == 303
    # Straight to the server, the guesser is not the trusted proxy: its X-Forwarded-For is not
    # believed and it is still itself, locked.
    direct = guesser.sign_in("someone", "not the password", forwarded_for="198.51.100.50", via="server")
    assert direct.status == 429


def test_without_a_trusted_proxy_every_client_has_the_proxys_address():
    deployment = Deployment(trusted_proxy=False)
    try:
        guesser, reader = Client(deployment, "127.0.0.3"), Client(deployment, "127.0.0.4")
        for attempt in range(5):
            assert guesser.sign_in("alice", "not the password").status == 401
        # To the server both are 127.0.0.1, so the guesser has locked alice out everywhere.
        refused = reader.sign_in("alice", PASSWORD)
        assert refused.status == 429 and "for this name" in refused.text
    finally:
        deployment.stop()


def multipart(fields: dict, file_name: str, content: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields.items()]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{file_name}"\r\n'
        f"Content-Type: text/csv\r\n\r\n".encode() + content + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def test_an_upload_over_the_limit_is_refused_and_the_server_keeps_answering(site):
    reader = Client(site, "127.0.0.6")
    assert reader.sign_in("alice", PASSWORD).status == 303
    csrf = re.search(r'name="_csrf" value="([^"]+)"', reader.get("/import").text).group(1)
    over = b"Title,Author\n" + b"x" * int(2.5 * MB)
    # Over --upload-limit but within client_max_body_size: BooksTrack answers, with its page.
    body, content_type = multipart({"_csrf": csrf}, "library.csv", over)
    page = reader.request("POST", "/import", body, {"Content-Type": content_type, "Origin": f"https://{PUBLIC_HOST}"})
    assert page.status == 413 and f"over {UPLOAD_LIMIT_MB} MB" in page.text
    problem = reader.api("POST", "/api/v1/imports?dryRun=true", over)
    assert problem.status == 413 and f"over {UPLOAD_LIMIT_MB} MB" in json.loads(problem.body)["detail"]
    # Over client_max_body_size: nginx refuses it without passing a byte on.
    refused = reader.api("POST", "/api/v1/imports?dryRun=true", b"x" * ((UPLOAD_LIMIT_MB + 2) * MB))
    assert refused.status == 413 and "nginx" in refused.text
    assert reader.get("/health").status == 200
    assert reader.get("/import").status == 200


def test_a_backup_arrives_whole_through_the_proxy(site):
    reader = Client(site, "127.0.0.7")
    export = (FIXTURES / "goodreads" / "craig0a__reading_history_analysis__goodreads_library_export.csv").read_bytes()
    imported = reader.api("POST", "/api/v1/imports?fileName=goodreads_library_export.csv", export)
    assert imported.status == 201, imported.text
    compressed = reader.api("GET", "/api/v1/export?format=json.gz")
    plain = reader.api("GET", "/api/v1/export?format=json")
    expected = site.command("export", "--user", "alice")
    assert len(expected) > 512 * 1024  # far more than nginx's buffers in memory
    assert compressed.status == 200 and compressed.body[:2] == b"\x1f\x8b"
    assert "attachment" in compressed.headers["Content-Disposition"]
    assert gzip.decompress(compressed.body) == expected
    assert plain.status == 200 and plain.body == expected
