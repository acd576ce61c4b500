"""Beyond your shelves in a real browser (issue 20 item 6): a reader with one book sees writers
for the regions missing from their shelves, opens "Add to Want to read" and finds the add-book form
filled in; axe is clean and every control is a 44 px target on a phone, light and dark."""

import re

from conftest import Server, check_accessibility, create_owner, sign_in
from playwright.sync_api import expect
from test_pages import SMALL_TARGETS


def test_discovery(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "noor")
        page.goto(server.url + "/books/new")
        page.get_by_label("Title").fill("Kindred")
        page.get_by_label("Authors", exact=True).fill("Octavia E. Butler")
        page.get_by_role("button", name="Add to my library").click()
        expect(page.get_by_role("heading", level=1, name="Kindred")).to_be_visible()

        page.goto(server.url + "/insights?scope=library")
        card = page.locator("#discover")
        expect(card).to_contain_text("No book on your shelves is known to come from Africa")
        expect(card.locator("details[open]")).to_have_count(3)
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        check_accessibility(page, "insights with discovery, dark phone")

        card.get_by_role("link", name=re.compile("to Want to read$")).first.click()
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        expect(page.locator("select[name=status]")).to_have_value("wishlist")
        assert page.locator("[name=authors]").input_value() != ""
        context.close()

        light = browser.new_context(viewport={"width": 1280, "height": 900})
        wide = light.new_page()
        sign_in(wide, server, "noor")
        wide.goto(server.url + "/insights?scope=library")
        expect(wide.locator("#discover")).to_be_visible()
        check_accessibility(wide, "insights with discovery, light desktop")
        light.close()
    finally:
        server.stop()
