"""Reading insights in a real browser: reached from the insights page, the hero with its dual
ring, the period links (by keyboard), the measure (books, pages, time), the timeline's table, the achievements grid with what the
demo library earned (announced in the notification centre), and axe in light and dark, on a
desktop and a phone."""

import re

from conftest import Server, check_accessibility, create_owner, sign_in
from playwright.sync_api import expect


def test_reading(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "rosa")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/insights")
        page.get_by_role("navigation", name="Insights").get_by_role("link", name="Reading").click()
        expect(page.get_by_role("heading", level=1, name="Reading insights")).to_be_visible()
        hero = page.locator("#reading-hero")
        expect(hero.get_by_role("heading")).to_have_text(re.compile(r"^Exploring \d+ cultures? across \d+ books?$"))
        expect(hero.locator("svg.dual-ring")).to_have_attribute("aria-label", re.compile(r"^Outer ring: .+ Inner ring: \d+ of 11 regions\.$"))
        expect(page.locator("#card-velocity")).to_contain_text("books")
        check_accessibility(page, "reading insights, year")

        # The period links work by keyboard and say which one is shown.
        page.get_by_role("navigation", name="Period").get_by_role("link", name="All time").focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"/insights/reading\?period=all$"))
        expect(page.get_by_role("navigation", name="Period").get_by_role("link", name="All time")).to_have_attribute("aria-current", "page")
        expect(page.locator("#card-culture")).to_contain_text("of 11 regions")

        # All time runs from the first book finished: there are no months to choose.
        expect(page.get_by_role("navigation", name="Months shown")).to_have_count(0)
        expect(page.locator("#timeline")).to_contain_text(re.compile(r"Books finished per (month|year) since "))

        # A year's timeline can be read as a table; six months are six rows.
        page.get_by_role("navigation", name="Period").get_by_role("link", name="Year").click()
        page.get_by_role("navigation", name="Months shown").get_by_role("link", name="6 months").click()
        timeline = page.locator("#timeline")
        timeline.get_by_text("Show the figures as a table").click()
        expect(timeline.locator("tbody tr")).to_have_count(6)
        expect(timeline.locator("svg.timeline-chart g[role=img]")).to_have_count(6)
        check_accessibility(page, "reading insights, table open")

        # Measured in pages: the velocity card and the bars follow, the period and months stay.
        page.get_by_role("navigation", name="Measure").get_by_role("link", name="Pages").click()
        expect(page).to_have_url(re.compile(r"/insights/reading\?period=year&metric=pages&months=6$"))
        expect(page.locator("#card-velocity")).to_contain_text(re.compile(r"\d[\d,]* pages"))
        expect(page.locator("#timeline")).to_contain_text("Pages read per month over the last 6 months")
        expect(timeline.locator("svg.timeline-chart g[role=img]").first).to_have_attribute("aria-label", re.compile(r" pages?, "))
        check_accessibility(page, "reading insights, measured in pages")

        # The demo library earned achievements: unlocked with a date, announced once.
        achievements = page.locator("#achievements")
        expect(achievements.locator("#achievement-firstSteps")).to_contain_text("Unlocked")
        expect(achievements.locator("#achievement-readingLegend")).to_contain_text(re.compile(r"Locked · \d+ / 100 books"))
        # An unlocked badge downloads as a picture: the SVG by its link, a PNG drawn in the browser.
        svg = achievements.locator("#achievement-firstSteps").get_by_role("link", name=re.compile("as an SVG image$"))
        assert svg.get_attribute("href") == "/achievements/firstSteps/image.svg"
        with page.expect_download() as png:
            achievements.locator("#achievement-firstSteps").get_by_role("button", name=re.compile("as a PNG image$")).click()
        assert png.value.suggested_filename == "bookstrack-firstSteps.png"
        with open(png.value.path(), "rb") as file:
            assert file.read(8) == b"\x89PNG\r\n\x1a\n"
        page.goto(server.url + "/notifications")
        expect(page.get_by_text("Achievement unlocked: First Steps")).to_have_count(1)

        # Dark, and on a phone: nothing scrolls sideways.
        dark = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme="dark")
        phone = dark.new_page()
        sign_in(phone, server, "rosa")
        phone.goto(server.url + "/insights/reading?period=month&metric=time")
        expect(phone.get_by_role("heading", level=1, name="Reading insights")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        check_accessibility(phone, "reading insights, dark phone")

        # The widget for a phone's home screen: streak, the book on the go, a goal's ring.
        phone.goto(server.url + "/widget")
        expect(phone.get_by_role("heading", level=2, name="Streak")).to_be_visible()
        expect(phone.get_by_role("heading", level=2, name="Reading")).to_be_visible()
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        check_accessibility(phone, "widget, dark phone")
        dark.close()
        context.close()
    finally:
        server.stop()
