"""Figures a reader can trust at a glance (issue 44), walked on a real Goodreads export whose
reading ends in 2021: one notice for years of achievements, dated by that reading (item 6);
reading insights opening on all time (item 4); home and insights giving one answer, with its
scope in words and the three ideas named apart (items 1, 2); a share goal that does not complete
after one book (item 5); a session in every page's header, noted pages, and the last page offering
Mark as read (item 7). Every page is looked at on a desktop and on a phone in dark mode: axe, and
nothing scrolling sideways."""

import re

from conftest import FIXTURES, Server, check_accessibility, create_owner, import_file, sign_in
from playwright.sync_api import expect

GOODREADS = FIXTURES / "goodreads" / "davidpolido__gr-data-exploration__data_goodreads_library_export.csv"
PAGES = ["/", "/insights", "/insights/reading", "/goals", "/library"]


def add_book(page, server, title, status, pages):
    page.goto(server.url + "/books/new")
    page.locator("#field-title").fill(title)
    page.locator("#field-authors").fill("Toni Morrison")
    page.locator("#field-status").select_option(status)
    page.locator("#field-pages").fill(str(pages))
    page.get_by_role("button", name="Add to my library").click()
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
    return page.url


def test_figures_to_trust(browser, tmp_path):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(30_000)
        create_owner(page, server, "dana")
        import_file(page, server, GOODREADS)

        # Item 6: the achievements of twenty years arrive as one notice, dated by the reading.
        page.goto(server.url + "/")
        notices = page.locator("#notifications")
        expect(notices.get_by_text(re.compile(r"\d+ achievements from your reading"))).to_have_count(1)
        expect(notices.get_by_text(re.compile("Achievement unlocked:"))).to_have_count(0)
        page.goto(server.url + "/insights/reading?period=all")
        expect(page.locator("#achievement-firstSteps")).to_contain_text(re.compile(r"Unlocked 20(0\d|1\d|2[01])-"))

        # Item 4: nothing read this year, so reading insights open on all time, from the first book.
        page.goto(server.url + "/insights/reading")
        expect(page.get_by_text(re.compile("Nothing read this year yet, so this opens on all time"))).to_be_visible()
        expect(page.locator("#timeline")).to_contain_text(re.compile(r"per (month|year) since "))

        # Items 1 and 2: one scope, said in words, one answer on both pages; three ideas named apart.
        page.goto(server.url + "/")
        radar = page.locator("#radar")
        expect(radar).to_contain_text("Books you have read, all time")
        home_overall = page.locator("#library-radar .radar-overall").inner_text()
        page.goto(server.url + "/insights")
        expect(page.locator(".scope-line")).to_contain_text(re.compile(r"^Books you have read, all time: [\d,]+ books$"))
        assert page.locator("#insights-radar .radar-overall").inner_text() == home_overall
        for term in ("the diversity score", "representation", "data known"):
            summary = page.get_by_text(f"What is {term}?", exact=True)
            summary.click()
            expect(summary.locator("xpath=..").locator("p")).to_be_visible()
        for badge in page.locator("#insights-radar .radar-badge").all_inner_texts():
            assert re.fullmatch(r"\d+% known", badge), badge

        # Item 5: a share goal is not complete after one book by a woman.
        page.goto(server.url + "/goals/new")
        page.get_by_role("button", name="Add “Read women: 50%”").click()
        goal = page.url
        book = add_book(page, server, "Beloved", "reading", 300)

        # Item 7: the running session is in every page's header, with its timer and Stop.
        page.goto(book)
        page.get_by_role("button", name="Start reading session").click()
        for path in PAGES:
            page.goto(server.url + path)
            running = page.locator(".running-session")
            expect(running).to_contain_text("Reading Beloved")
            expect(running.locator("[role=timer]")).to_have_text(re.compile(r"^\d\d:\d\d$"))
        page.locator("#running-end-page").fill("40")
        page.locator(".running-session").get_by_role("button", name="Stop").click()
        expect(page.get_by_role("heading", level=1, name="Session saved")).to_be_visible()
        expect(page.locator(".running-session")).to_have_count(0)
        # Noting the last page from home leads to the book, which offers Mark as read.
        page.goto(server.url + "/")
        beloved = page.locator("#reading-now li", has_text="Beloved")
        beloved.get_by_label("I’m on page").fill("300")
        beloved.get_by_role("button", name="Save").click()
        expect(page.get_by_text("You are on the last page.")).to_be_visible()
        page.locator(".last-page").get_by_role("button", name="Mark as read").click()
        page.goto(goal)
        expect(page.locator("main")).to_contain_text("100% of 1 book with a known gender (target 50%)")
        expect(page.locator("#goal-milestones")).to_contain_text("milestones are the books it has counted")
        expect(page.locator("main")).not_to_contain_text("Goal complete")
        expect(page.locator("main")).to_contain_text("On track.")

        for path in PAGES + [goal.replace(server.url, "")]:
            page.goto(server.url + path)
            page.screenshot(path=str(tmp_path / f"desktop{path.replace('/', '_')}.png"), full_page=True, animations="disabled")
            check_accessibility(page, f"{path} after the walk")
        dark = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
        phone = dark.new_page()
        phone.set_default_timeout(30_000)
        sign_in(phone, server, "dana")
        for path in PAGES + [goal.replace(server.url, "")]:
            phone.goto(server.url + path)
            assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
            # Looked at before axe, which leaves the page in light colours when it is done.
            phone.screenshot(path=str(tmp_path / f"phone{path.replace('/', '_')}.png"), full_page=True, animations="disabled")
            check_accessibility(phone, f"{path}, dark phone")
    finally:
        server.stop()
