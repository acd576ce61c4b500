"""A new reader's first visit, end to end: set up the owner, sign in, import a Goodreads
export through the page, browse and filter the library, open and edit a book, sign out."""

import re

from conftest import FIXTURES, check_accessibility
from playwright.sync_api import expect

GOODREADS = FIXTURES / "goodreads" / "aaronj1335__reading__goodreads_library_export.csv"
PASSWORD = "correct horse battery"


def field(page, name):
    """A text field by its accessible name (the visual "(required)" marker is not part of it)."""
    return page.get_by_role("textbox", name=name, exact=True)


def count_rows(path, status, owned=None):
    """The rows of a Goodreads export on one exclusive shelf (and, when given, with or without
    owned copies), read independently of the app."""
    import csv

    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle, skipinitialspace=True))
    header = [name.strip() for name in rows[0]]
    shelf, copies = header.index("Exclusive Shelf"), header.index("Owned Copies")
    return sum(
        1 for row in rows[1:]
        if len(row) > copies and row[shelf].strip() == status and (owned is None or (int(row[copies].strip() or 0) > 0) == owned)
    )


def test_first_library(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)

    # First visit: the owner is set up.
    page.goto(server.url + "/")
    expect(page).to_have_url(server.url + "/setup")
    expect(page.get_by_role("heading", name="Set up BooksTrack")).to_be_visible()
    check_accessibility(page, "set-up")
    field(page, "Name").fill("dana")
    field(page, "Display name").fill("Dana")
    field(page, "Password").fill(PASSWORD)
    field(page, "Password again").fill(PASSWORD)
    # The reading language is proposed from the browser's (Chromium's en-US) and kept.
    expect(page.get_by_label("Language you read in most")).to_have_value("en")
    page.get_by_role("button", name="Create the owner account").click()
    expect(page.get_by_role("heading", name="Hello, Dana")).to_be_visible()
    expect(page.get_by_text("Your library is empty")).to_be_visible()
    check_accessibility(page, "empty home")

    # Sign out and back in.
    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(server.url + "/login")
    expect(page.get_by_text("You are signed out.")).to_be_visible()
    check_accessibility(page, "sign-in")
    field(page, "Name").fill("dana")
    field(page, "Password").fill("not the password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("alert")).to_contain_text("do not match")
    field(page, "Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Hello, Dana")).to_be_visible()

    # Import the Goodreads export through the page.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Import").click()
    expect(page.get_by_role("heading", name="Import and export")).to_be_visible()
    check_accessibility(page, "import")
    page.get_by_label("Export file").set_input_files(str(GOODREADS))
    page.get_by_role("button", name="Upload and preview").click()
    expect(page.get_by_text("Nothing has changed yet.")).to_be_visible()
    check_accessibility(page, "preview")
    page.get_by_role("button", name=re.compile(r"^Import \d+ books$")).click()
    expect(page).to_have_url(re.compile(r"/imports/[0-9a-f-]{36}$"))
    expect(page.get_by_role("heading", name=re.compile("Import report"))).to_be_visible()
    check_accessibility(page, "report")

    read = count_rows(GOODREADS, "read")
    # Goodreads' to-read shelf is BooksTrack's wishlist unless a copy is owned (docs/import.md).
    wishlist = count_rows(GOODREADS, "to-read", owned=False)
    page.get_by_role("link", name="Open your library").click()
    total = int(re.search(r"(\d+) books", page.locator("#result-count").inner_text()).group(1))
    assert total >= read + wishlist and total > 50
    check_accessibility(page, "library")

    # Filter by status through the address…
    page.goto(server.url + "/library?status=read")
    expect(page.locator("#result-count")).to_have_text(f"{read} of {total} books match")
    expect(page.get_by_role("link", name="Remove filter: Status: Read")).to_be_visible()
    check_accessibility(page, "library filtered")
    page.get_by_role("link", name="Remove filter: Status: Read").click()
    expect(page).to_have_url(server.url + "/library")

    # …and through the controls.
    page.get_by_label("Status").select_option("wishlist")
    page.get_by_role("button", name="Apply").click()
    expect(page).to_have_url(re.compile(r"/library\?.*status=wishlist"))
    expect(page.locator("#result-count")).to_have_text(f"{wishlist} of {total} books match")

    # Open a book and edit it.
    first = page.locator(".book-title").first
    title = first.inner_text()
    first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    check_accessibility(page, "book")
    page.get_by_role("link", name="Edit", exact=True).click()
    check_accessibility(page, "edit form")
    field(page, "Title").fill(title + " (annotated)")
    field(page, "Private notes").fill("Lent to Sam; ask for it back.")
    page.get_by_role("spinbutton", name="Rating").fill("4.5")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your changes are saved.")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(title + " (annotated)")
    expect(page.get_by_text("Lent to Sam; ask for it back.")).to_be_visible()

    # Finish it: the date is recorded.
    page.get_by_role("button", name="Mark as finished").click()
    expect(page.get_by_text("The status is updated.")).to_be_visible()
    expect(page.locator(".readings")).to_contain_text("Finished")

    # A form with problems says so, and keyboard users land on the summary.
    page.get_by_role("link", name="Edit", exact=True).click()
    page.get_by_role("spinbutton", name="Pages", exact=True).fill("100")
    page.get_by_role("spinbutton", name="Current page").fill("5000")
    page.get_by_role("button", name="Save changes").click()
    expect(page.locator("#error-summary")).to_be_focused()
    expect(page.locator("#error-summary")).to_contain_text("cannot be after the last page")
    check_accessibility(page, "edit form with errors")

    # The other areas say what comes next.
    for area in ("Insights", "Goals"):
        page.get_by_role("navigation", name="Main").get_by_role("link", name=area).click()
        expect(page.get_by_role("heading", name=area, exact=True)).to_be_visible()
        check_accessibility(page, area)
    page.get_by_role("link", name="Dana").click()
    check_accessibility(page, "account")

    # Sign out: the library is no longer reachable.
    page.get_by_role("button", name="Sign out").click()
    page.goto(server.url + "/library")
    expect(page).to_have_url(re.compile(r"/login\?next="))
    context.close()


def test_phone_layout_and_keyboard(server, browser):
    """On a 360 px phone the navigation sits at the bottom and every control can be reached and
    used with the keyboard, starting with the skip link."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(server.url + "/login")
    field(page, "Name").fill("dana")
    field(page, "Password").fill(PASSWORD)
    field(page, "Password").press("Enter")
    expect(page.get_by_role("heading", name="Hello, Dana")).to_be_visible()
    page.goto(server.url + "/library")
    nav = page.get_by_role("navigation", name="Main")
    box = nav.bounding_box()
    assert box["y"] + box["height"] >= 740 - 2, "the main navigation should sit at the bottom of a phone screen"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways on a phone ({width}px)"
    for link in nav.get_by_role("link").all():
        size = link.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, "navigation targets must be at least 44 px"
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.closest('main') !== null")
    assert focused, "after the skip link, the next stop is inside the main content"
    check_accessibility(page, "library on a phone")
    context.close()
