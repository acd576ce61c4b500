"""Reading sessions in a real browser: start a session, reload and find the timer still
running, a second tab that cannot start another, stop with an end page, the saved page, the
history, the book's current page and the streak on home — with axe on every state."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect


def seconds(text):
    parts = [int(part) for part in text.split(":")]
    return parts[-1] + 60 * parts[-2] + (3600 * parts[-3] if len(parts) == 3 else 0)


def test_sessions(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "sam")

        page.goto(server.url + "/books/new")
        page.locator("#field-title").fill("Kindred")
        page.locator("#field-authors").fill("Octavia E. Butler")
        page.locator("#field-pages").fill("300")
        page.locator("#field-status").select_option("reading")
        page.get_by_role("button", name="Add to my library").click()
        expect(page.get_by_role("heading", level=1, name="Kindred")).to_be_visible()
        book = page.url
        sessions = page.locator("#sessions")
        expect(sessions.get_by_text("No sessions for this book yet.")).to_be_visible()
        check_accessibility(page, "book page, no sessions")

        # A second tab opened before the session starts.
        other = context.new_page()
        other.goto(book)
        page.bring_to_front()  # a background tab does not run its colour transitions

        sessions.locator("#field-start_page").fill("40")
        sessions.get_by_role("button", name="Start reading session").click()
        expect(page.get_by_text("Your session has started.")).to_be_visible()
        timer = page.get_by_role("timer", name="Time reading")
        expect(timer).to_be_visible()
        first = seconds(timer.inner_text())
        page.wait_for_timeout(2200)
        assert seconds(timer.inner_text()) >= first + 2, "the timer counts on"
        check_accessibility(page, "book page, session running")

        # A reload asks the server, which knows when the session started.
        page.reload()
        expect(page.get_by_role("timer", name="Time reading")).to_be_visible()
        assert seconds(page.get_by_role("timer", name="Time reading").inner_text()) >= 2

        # The other tab still shows "Start"; pressing it shows the running session instead.
        other.bring_to_front()
        other.locator("#sessions").get_by_role("button", name="Start reading session").click()
        expect(other.get_by_text("A session is already running — here it is.")).to_be_visible()
        expect(other.get_by_role("timer", name="Time reading")).to_be_visible()
        other.close()
        page.bring_to_front()

        # Stopping: the browser keeps the end page within the book (max=300); an end before the
        # start page is refused by the server with the reason, and then a real one is taken.
        expect(page.locator("#field-end_page")).to_have_attribute("max", "300")
        page.locator("#field-end_page").fill("30")
        page.get_by_role("button", name="Stop session").click()
        expect(page.get_by_role("alert")).to_contain_text("before the page you started on (40)")
        check_accessibility(page, "book page, stop refused")
        page.locator("#field-end_page").fill("72")
        page.get_by_role("button", name="Stop session").click()
        expect(page.get_by_role("heading", level=1, name="Session saved")).to_be_visible()
        expect(page.get_by_text(re.compile(r"pages 40–72, 32 pages"))).to_be_visible()
        expect(page.get_by_text(re.compile(r"1-day streak"))).to_be_visible()
        check_accessibility(page, "session saved")

        page.get_by_role("link", name="Back to the book").click()
        expect(page.get_by_text("Page 72 of 300 (24%)")).to_be_visible()
        expect(page.locator("#sessions").get_by_text(re.compile(r"^1 session · "))).to_be_visible()
        expect(page.locator("#sessions").get_by_role("button", name="Start reading session")).to_be_visible()

        page.get_by_role("link", name=re.compile(r"All sessions and editing")).click()
        expect(page.get_by_role("heading", level=1, name="Reading sessions")).to_be_visible()
        rows = page.locator("table tbody tr")
        expect(rows).to_have_count(1)
        expect(rows.first).to_contain_text("40–72 (32)")
        check_accessibility(page, "session history")

        page.goto(server.url + "/")
        streak = page.locator("#streak")
        expect(streak).to_contain_text("1 day")
        expect(streak).to_contain_text("1-day streak")
        check_accessibility(page, "home with a streak")
        context.close()
    finally:
        server.stop()
