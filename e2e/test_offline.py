"""The installable app offline, in a real browser with the network cut (SPEC F11): the service
worker shows the last insights page with a "stale since" banner, any other page says the network
is gone — never a browser error — and signing out forgets the snapshot. axe on both pages."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect

SAVED = "caches.open('bookstrack-snapshot').then(c => c.match('/insights')).then(Boolean)"


def test_offline_snapshot(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 800})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "olga")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()
        manifest = page.request.get(server.url + "/manifest.webmanifest").json()
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone"

        # The first page registers the worker; once it controls the page, insights are kept.
        page.goto(server.url + "/insights")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.goto(server.url + "/insights?scope=library")
        page.wait_for_function(SAVED)
        women = page.locator("#hero .hero-item").nth(1).inner_text()

        context.set_offline(True)
        response = page.goto(server.url + "/insights")
        assert response.status == 200
        banner = page.get_by_role("status").filter(has_text="You are offline")
        expect(banner).to_contain_text(re.compile(r"stale since .*\d"))
        # The snapshot is the page last seen (the whole library), not a fresh one.
        expect(page.get_by_role("radio", name="Whole library")).to_be_checked()
        assert page.locator("#hero .hero-item").nth(1).inner_text() == women
        expect(page.locator("#radar svg").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        check_accessibility(page, "insights offline")

        response = page.goto(server.url + "/library")
        assert response.status == 503
        expect(page.get_by_role("heading", level=1, name="You are offline")).to_be_visible()
        page.get_by_role("link", name="open your last insights").click()
        expect(page.get_by_role("status").filter(has_text="stale since")).to_be_visible()
        page.goto(server.url + "/library")
        check_accessibility(page, "offline page")

        # Signing out forgets the snapshot: the next person on this phone sees none of it.
        context.set_offline(False)
        page.goto(server.url + "/")
        page.get_by_role("button", name="Sign out").click()
        expect(page.get_by_role("heading", level=1, name="Sign in")).to_be_visible()
        page.wait_for_function("caches.open('bookstrack-snapshot').then(c => c.match('/insights')).then(hit => !hit)")
        context.set_offline(True)
        page.goto(server.url + "/insights")
        expect(page.get_by_role("heading", level=1, name="You are offline")).to_be_visible()
        expect(page.get_by_text("No insights are kept on this device yet")).to_be_visible()
        assert page.get_by_role("link", name="open your last insights").count() == 0
        context.close()
    finally:
        server.stop()
