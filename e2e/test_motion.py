"""Motion in a real browser (issue 20 item 7): on the insights page the bars grow in, the donut's
sectors and the completion ring fill, the radar draws in and the cards rise into place; with
the system's "reduce motion" none of it runs. The radar's shape carries a view-transition name (it
morphs between states), and new badges celebrate by rarity. Text never fades, so axe sees full contrast
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
        # The radar's shape morphs into the next state's on navigation (a view transition).
        assert page.locator("#insights-radar-svg .radar-area").evaluate(
            "e => getComputedStyle(e).viewTransitionName") == "library-radar-shape"
        page.goto(server.url + "/insights?scope=library")
        expect(page.locator("#insights-radar-svg .radar-area")).to_be_visible()

        # New unlocks celebrate by rarity: the common badge pops, an uncommon one glows, an epic
        # one bursts into sparks.
        page.goto(server.url + "/insights/reading")
        grid = page.locator("#achievements")
        expect(grid.locator("#achievement-firstSteps")).to_contain_text("New · Unlocked")
        def style(selector, pseudo="null"):
            return grid.locator(selector).evaluate(f"e => getComputedStyle(e, {pseudo}).animationName")
        assert style("#achievement-firstSteps .achievement-symbol") == "badge-pop"
        assert style("#achievement-cultureExplorer") == "badge-glow"
        assert style("#achievement-diversityChampion", "'::after'") == "sparks"
        assert style("#achievement-firstSteps", "'::after'") == "none"
        check_accessibility(page, "reading insights while new badges celebrate")

        calm = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme="dark", reduced_motion="reduce")
        still = calm.new_page()
        sign_in(still, server, "mira")
        still.goto(server.url + "/insights")
        expect(still.locator("#regions")).to_be_visible()
        assert set(animations(still).values()) == {"none"}
        assert still.locator("#insights-radar-svg .radar-area").evaluate(
            "e => getComputedStyle(e).viewTransitionName") == "none"
        still.goto(server.url + "/insights/reading")
        expect(still.locator("#achievement-diversityChampion")).to_contain_text("New · Unlocked")
        assert still.locator("#achievement-diversityChampion").evaluate(
            "e => getComputedStyle(e, '::after').animationName") == "none"
        check_accessibility(still, "insights without motion, dark phone")
        calm.close()
        context.close()
    finally:
        server.stop()
