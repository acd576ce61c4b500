"""Every page a reader reaches, on a 390 px phone in light and dark: none scrolls sideways and axe
finds nothing — the demo library's dashboard, library, book, insights, goals, imports, account,
contributions, notifications, widget, prompts and a share link."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect


def first_link(page, pattern):
    for link in page.locator("main a[href]").all():
        href = link.get_attribute("href")
        if re.fullmatch(pattern, href):
            return href
    raise AssertionError(f"no link matching {pattern} on {page.url}")


def test_every_page_on_a_phone(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "pat")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/library?status=read")
        book = first_link(page, r"/books/[0-9a-f-]{36}")
        page.goto(server.url + "/goals")
        goal = first_link(page, r"/goals/[0-9a-f-]{36}")
        page.goto(server.url + "/import")
        run = first_link(page, r"/imports/[0-9a-f-]{36}")
        page.goto(server.url + "/insights")
        page.get_by_role("button", name="Share the author gender card as a link").click()
        share = page.locator("#share-link").inner_text()

        pages = [
            "/", "/library", "/library?status=read&region=africa", book, book + "/edit", book + "/sessions",
            "/insights", "/insights?scope=library&unit=authors", "/insights/reading", "/goals", "/goals/new", goal,
            "/import", run, "/account", "/contributions", "/notifications", "/widget", "/prompt", "/books/new", share,
            "/offline",
        ]
        for path in pages:
            url = path if path.startswith("http") else server.url + path
            response = page.goto(url)
            assert response.status == 200, f"{path} answered {response.status}"
            expect(page.locator("h1").first).to_be_visible()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{path} scrolls sideways on a phone ({width} px)"
            check_accessibility(page, f"{path} on a phone")
        context.close()
    finally:
        server.stop()
