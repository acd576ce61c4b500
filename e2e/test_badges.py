"""Identity badges (issue 20 item 5) in a real browser: recorded through the form only with who
states it and where, shown on the book page in the seed's colours with their names, counted on
the insights page; at 1280 light and 390 dark, axe clean, every control a 44 px target."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect
from test_pages import SMALL_TARGETS, first_link


def test_record_a_badge_and_see_it_counted(browser):
    server = Server()
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        create_owner(page, server, "Ada")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()
        page.goto(server.url + "/library?status=read")
        book = server.url + first_link(page, r"/books/[0-9a-f-]{36}")
        page.goto(book)
        page.get_by_role("link", name="Record a badge").click()
        expect(page.get_by_role("heading", name="Record an identity badge")).to_be_visible()
        check_accessibility(page, "badge form")

        # Without who states it, nothing is recorded and the form says why (where is required by
        # the browser itself).
        page.get_by_label("Queer").check()
        page.get_by_label("Where it is stated").fill("A hunch")
        page.get_by_role("button", name="Record the badge").click()
        expect(page.get_by_role("alert")).to_contain_text("Never guess")
        check_accessibility(page, "badge form with problems")

        page.get_by_label("A public source says so").check()
        page.get_by_label("Where it is stated").fill("https://example.org/interview")
        page.get_by_role("button", name="Record the badge").click()
        expect(page.get_by_text("The badge is recorded, with who states it and where.")).to_be_visible()
        card = page.locator("#identity")
        expect(card.locator(".badge-queer")).to_have_text("Queer")
        expect(card).to_contain_text("Stated by a public source: example.org · only you see it")
        expect(page.locator(".book-header .badge-queer")).to_have_text("Queer")
        check_accessibility(page, "book page with a badge")

        page.goto(server.url + "/insights")
        expect(page.locator("#badges")).to_contain_text("Queer")
        page.locator("#badges").get_by_role("link", name="1 book").click()
        expect(page.get_by_text("Badge: Queer")).to_be_visible()

        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        for path in (book, book + "/badges/new", server.url + "/insights"):
            page.goto(path)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
            assert page.evaluate(SMALL_TARGETS) == [], path
        check_accessibility(page, "insights with badges on a phone")

        # Removing it: gone from the book and the count.
        page.goto(book)
        page.locator("#identity").get_by_role("button", name=re.compile("^Remove the Queer badge")).click()
        expect(page.get_by_text("The badge is removed.")).to_be_visible()
        expect(page.locator("#identity .badge-queer")).to_have_count(0)
    finally:
        server.stop()
