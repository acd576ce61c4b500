"""The year in books in a real browser (issue 41): from the insights tabs to the newest year with
reading, every card drawn, the other years a click away, shared as a link with the picture the
browser drew, printed without menus; at 1280 px and on a 390 px phone in the dark, axe on each."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect
from test_pages import SMALL_TARGETS


def test_year_in_books(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "yara")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/insights")
        page.get_by_role("navigation", name="Insights").get_by_role("link", name="Year in books").click()
        expect(page).to_have_url(re.compile(r"/insights/year/\d{4}$"))
        year = page.url.rsplit("/", 1)[-1]
        expect(page.get_by_role("heading", level=1, name=f"{year} in books")).to_be_visible()
        for card in ["The year at a glance", "First and last", "Longest and shortest", "Month by month",
                     "The world you read", "Who wrote them", "Languages", "Authors read most", "Goals",
                     f"Every book of {year}"]:
            expect(page.get_by_role("heading", level=2, name=card)).to_be_visible()
        books = page.locator("#year-books li").count()
        assert books > 0
        expect(page.locator("#year-hero dd").first).to_have_text(str(books))
        # The month chart says the same in text for screen readers.
        expect(page.locator("#year-months svg.chart-wide")).to_have_attribute("aria-label", re.compile(f"Books finished each month of {year}"))
        expect(page.get_by_role("button", name="Print")).to_be_visible()
        check_accessibility(page, f"/insights/year/{year}")

        # Printed: no menus, no buttons.
        page.emulate_media(media="print")
        expect(page.locator(".site-header")).to_be_hidden()
        expect(page.get_by_role("button", name=re.compile("Share your"))).to_be_hidden()
        page.emulate_media(media="screen")

        # Shared: the browser draws the picture and sends it with the link.
        page.get_by_role("button", name=f"Share your {year} in books as a link").click()
        expect(page.get_by_role("heading", level=1, name=f"Share “{year} in books”")).to_be_visible()
        link = page.locator("#share-link").inner_text()
        stranger = browser.new_context(viewport={"width": 390, "height": 800}, color_scheme="dark").new_page()
        assert stranger.goto(link).status == 200
        expect(stranger.get_by_role("heading", level=1, name=f"{year} in books")).to_be_visible()
        assert stranger.request.get(link + "/image.png").status == 200, "the browser's PNG was kept for link previews"
        check_accessibility(stranger, "a shared year in books")

        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, color_scheme="dark", storage_state=context.storage_state()).new_page()
        assert phone.goto(server.url + f"/insights/year/{year}").status == 200
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the year scrolls sideways on a phone ({width} px)"
        assert phone.evaluate(SMALL_TARGETS) == []
        check_accessibility(phone, f"/insights/year/{year} on a phone")
        missing = phone.goto(server.url + "/insights/year/1901")
        assert missing.status == 404
        expect(phone.get_by_text("Nothing read in 1901", exact=True)).to_be_visible()
        expect(phone.get_by_role("link", name=re.compile(r"^\d{4} in books$")).first).to_be_visible()
        check_accessibility(phone, "a year without reading")
    finally:
        server.stop()
