"""The world you have read in a real browser (issue 41): the map and its table on the insights
page at 1280 px and on a 390 px phone in the dark, axe on each, a country followed to the library
filtered by it, and the map shared as a card."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect
from test_pages import SMALL_TARGETS


def test_world_map(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "wren")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/insights")
        card = page.locator("#world")
        expect(card.get_by_role("heading", name="The world you have read")).to_be_visible()
        expect(card.locator(".world-headline")).to_have_text(re.compile(r"^\d+ countries"))
        expect(card.locator("svg.world-map")).to_be_visible()
        rows = card.locator("table.world-table tbody tr")
        assert rows.count() > 5
        check_accessibility(page, "/insights with the world map")

        # The table's first country leads to its books; the map's shape links there too.
        first = rows.first.get_by_role("link")
        country = first.inner_text()
        href = first.get_attribute("href")
        assert card.locator(f'svg.world-map a[href="{href}"]').count() == 1
        first.click()
        expect(page.get_by_text(f"Country: {country}")).to_be_visible()
        expect(page.get_by_text(re.compile(r"^[1-9]\d* of \d+ books match"))).to_be_visible()

        page.goto(server.url + "/insights")
        page.get_by_role("button", name="Share the the world you have read card as a link").click()
        expect(page.get_by_role("heading", level=1, name="Share “The world you have read”")).to_be_visible()

        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, color_scheme="dark", storage_state=context.storage_state()).new_page()
        phone.goto(server.url + "/insights")
        expect(phone.locator("#world svg.world-map")).to_be_visible()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the insights scroll sideways on a phone ({width} px)"
        assert phone.evaluate(SMALL_TARGETS) == []
        check_accessibility(phone, "/insights with the world map on a phone")
    finally:
        server.stop()
