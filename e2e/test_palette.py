"""Chart colours in a real browser (issue 20 item 8): the reader picks the blue–orange palette on
the account page by keyboard, every page is drawn in it (the gender chart's segments, the
radar's area), axe finds nothing in light and dark, on a desktop and a phone, and going back to
the standard colours takes it away."""

import re

from conftest import Server, check_accessibility, create_owner, sign_in
from playwright.sync_api import expect


def test_palette(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "tove")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/insights")
        female = page.locator("#gender .seg-female").first
        standard = female.evaluate("e => getComputedStyle(e).stroke")

        page.goto(server.url + "/account#settings")
        choice = page.get_by_role("group", name="Chart colours")
        expect(choice.get_by_role("radio", name=re.compile("^Standard"))).to_be_checked()
        choice.get_by_role("radio", name=re.compile("^Blue and orange")).focus()
        page.keyboard.press("Space")
        page.get_by_role("button", name="Save settings").click()
        expect(page.get_by_text("Your settings are saved")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("data-palette", "blueOrange")
        check_accessibility(page, "account, blue–orange")

        page.goto(server.url + "/insights")
        changed = page.locator("#gender .seg-female").first.evaluate("e => getComputedStyle(e).stroke")
        assert changed != standard, "the gender chart keeps its colours"
        assert changed == "rgb(179, 89, 0)"
        # The labels stay: colour is never the only signal.
        expect(page.locator("#gender")).to_contain_text("Female")
        check_accessibility(page, "insights, blue–orange, light desktop")

        dark = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme="dark")
        phone = dark.new_page()
        sign_in(phone, server, "tove")
        phone.goto(server.url + "/insights")
        expect(phone.locator("html")).to_have_attribute("data-palette", "blueOrange")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        check_accessibility(phone, "insights, blue–orange, dark phone")
        phone.goto(server.url + "/account#settings")
        check_accessibility(phone, "account, blue–orange, dark phone")

        # Back to the standard colours.
        page.goto(server.url + "/account#settings")
        page.get_by_role("group", name="Chart colours").get_by_role("radio", name=re.compile("^Standard")).check()
        page.get_by_role("button", name="Save settings").click()
        page.goto(server.url + "/insights")
        assert page.locator("html").get_attribute("data-palette") is None
        assert page.locator("#gender .seg-female").first.evaluate("e => getComputedStyle(e).stroke") == standard
        dark.close()
        context.close()
    finally:
        server.stop()
