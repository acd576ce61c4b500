"""Motion in a real browser (issue 20 item 7): on the insights page the bars grow in, the donut's
sectors and the completion ring fill, the radar draws in and the cards rise into place; with
the system's "reduce motion" none of it runs. Text never fades, so axe sees full contrast
mid-animation."""

import re

from conftest import Server, check_accessibility, create_owner, sign_in
from playwright.sync_api import expect

ANIMATED = {
    "#regions .chart-bar": "grow-x",
    "#gender circle.segment": "fill-in",
    "#radar .radar-area": "draw-in",
    "main .card": "rise-in",
}


def animations(page):
    return {selector: page.locator(selector).first.evaluate("e => getComputedStyle(e).animationName")
            for selector in ANIMATED}


def test_motion(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="no-preference")
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "mira")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()
        page.goto(server.url + "/insights")
        expect(page.locator("#regions .chart-bar").first).to_be_visible()
        assert animations(page) == ANIMATED
        # Checked at once, mid-animation: nothing is faded.
        check_accessibility(page, "insights while its charts draw in")

        calm = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme="dark", reduced_motion="reduce")
        still = calm.new_page()
        sign_in(still, server, "mira")
        still.goto(server.url + "/insights")
        expect(still.locator("#regions")).to_be_visible()
        assert set(animations(still).values()) == {"none"}
        check_accessibility(still, "insights without motion, dark phone")
        calm.close()
        context.close()
    finally:
        server.stop()
