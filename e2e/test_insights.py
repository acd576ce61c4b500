"""The insights page in a real browser: empty states, the demo library's charts, the period
switch (with the custom range), a chart bar leading to the filtered library by keyboard, the
table view of a chart, and axe on every state in light and dark."""

import re

from conftest import Server, check_accessibility, create_owner, sign_in
from playwright.sync_api import expect


# The radar labels a coverage badge or "+" covers, as a reader would see them.
COVERED_LABELS = """() => {
    const radar = document.getElementById("insights-radar");
    const boxes = [...radar.querySelectorAll(".radar-badge, .radar-plus")].map(e => e.getBoundingClientRect());
    const labels = [...radar.querySelectorAll("text.radar-label tspan")]
        .filter(t => getComputedStyle(t).display !== "none").map(t => [t.textContent, t.getBoundingClientRect()]);
    const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return labels.filter(([, box]) => boxes.some(badge => hit(badge, box))).map(([text]) => text);
}"""


def test_insights(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "ines")

        # No books: the page says what to do.
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Insights").click()
        expect(page.get_by_text("No books yet")).to_be_visible()
        expect(page.get_by_role("link", name="Import a library")).to_be_visible()
        check_accessibility(page, "insights, no books")

        # The demo library fills every chart.
        page.goto(server.url + "/")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()
        page.goto(server.url + "/insights")
        hero = page.locator("#hero")
        expect(hero).to_contain_text("11 of 11")
        expect(page.locator("#score")).to_contain_text("/ 10")
        expect(page.locator("#gender svg")).to_have_attribute("aria-label", re.compile(r"^Author gender, \d+ authors, gender known for \d+: Female"))
        check_accessibility(page, "insights, demo")

        # The custom range's dates show only when "Custom range" is chosen.
        expect(page.get_by_label("From", exact=True)).to_be_hidden()
        page.get_by_label("Period").select_option("this-year")
        page.get_by_role("button", name="Show").click()
        expect(page).to_have_url(re.compile(r"/insights\?period=this-year"))
        expect(page.locator("#reading")).to_contain_text("compared with")
        page.get_by_label("Period").select_option("custom")
        expect(page.get_by_label("From", exact=True)).to_be_visible()
        page.get_by_label("From", exact=True).fill("2001-01-01")
        page.get_by_label("To", exact=True).fill("2001-12-31")
        page.get_by_role("button", name="Show").click()
        expect(page.get_by_text("Nothing read in this period")).to_be_visible()
        check_accessibility(page, "insights, empty period")
        page.get_by_role("link", name="Show all time").click()
        expect(hero).to_contain_text("11 of 11")

        assert page.evaluate(COVERED_LABELS) == [], "no badge covers a radar label"

        # A bar of the regions chart, reached by keyboard, opens the filtered library.
        bar = page.locator("#regions svg.chart-wide a[aria-label^='Africa:']")
        label = bar.get_attribute("aria-label")
        count = float(re.match(r"Africa: ([\d.]+) book", label).group(1))
        bar.focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"/library\?region=africa&read=any$"))
        expect(page.get_by_role("link", name="Remove filter: Region: Africa")).to_be_visible()
        rows = page.locator(".book-row").count()
        # Co-authored books share their weight, so the list has at least as many books as the bar.
        assert rows >= count > 0, (rows, count)

        # Every chart can be read as a table.
        page.go_back()
        regions = page.locator("#regions")
        regions.get_by_text("Show as a table").click()
        expect(regions.get_by_role("table")).to_contain_text("Africa")
        check_accessibility(page, "insights, table open")

        # On a phone, nothing scrolls sideways and the compact chart is the one shown.
        phone = browser.new_context(viewport={"width": 360, "height": 800})
        mobile = phone.new_page()
        sign_in(mobile, server, "ines")
        mobile.goto(server.url + "/insights")
        expect(mobile.locator("#regions svg.chart-compact")).to_be_visible()
        expect(mobile.locator("#regions svg.chart-wide")).to_be_hidden()
        assert mobile.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        check_accessibility(mobile, "insights, phone")

        # A 390 px phone: the radar's outline is at least 200 px across (seed 002) and no
        # coverage badge or "+" covers an axis label.
        mobile.set_viewport_size({"width": 390, "height": 800})
        mobile.reload()
        radar = mobile.locator("#insights-radar")
        assert radar.locator("svg .radar-target").bounding_box()["width"] >= 200
        overlaps = mobile.evaluate(COVERED_LABELS)
        assert overlaps == [], overlaps
        phone.close()
        context.close()
    finally:
        server.stop()
