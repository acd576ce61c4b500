"""Shelves that mean something (issue 40 item 3): a real Goodreads export whose shelves are genres
("philosophy", "horror", "classics"), with an ownership shelf added to three of its to-read rows,
through the upload page. The preview says which shelves were read as owned and which as genres,
and the reader changes one before importing; the library then holds what the preview said."""

import csv
import io
import re

from conftest import FIXTURES, Server, check_accessibility, create_owner
from playwright.sync_api import expect

GOODREADS = FIXTURES / "goodreads" / "JZStafura-Lab__intellectual-map__data_goodreads_library_export.csv"


def shelf_counts(rows, header):
    """Books on each shelf, read independently of the app."""
    index = header.index("Bookshelves")
    counts = {}
    for row in rows:
        for shelf in (part.strip() for part in row[index].split(",")):
            if shelf:
                counts[shelf] = counts.get(shelf, 0) + 1
    return counts


def with_owned_shelf(tmp_path):
    """The real export with "owned-to-read" added to its first three to-read rows."""
    with open(GOODREADS, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle, skipinitialspace=True))
    header = [name.strip() for name in rows[0]]
    shelves, exclusive = header.index("Bookshelves"), header.index("Exclusive Shelf")
    owned = []
    for row in rows[1:]:
        if len(owned) < 3 and len(row) > exclusive and row[exclusive].strip() == "to-read":
            row[shelves] = ", ".join(filter(None, [row[shelves].strip(), "owned-to-read"]))
            owned.append(row[header.index("Title")])
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    path = tmp_path / "goodreads_library_export.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path, owned, shelf_counts(rows[1:], header)


def test_preview_reads_shelves(browser, tmp_path):
    server = Server()
    try:
        path, owned, counts = with_owned_shelf(tmp_path)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "dana")
        page.goto(server.url + "/import")
        page.get_by_label("Export file").set_input_files(str(path))
        page.get_by_role("button", name="Upload and preview").click()
        expect(page.get_by_text("Nothing has changed yet.")).to_be_visible()

        shelves = page.locator("#shelves-summary")
        expect(shelves).to_contain_text("Read as books you own: “owned-to-read” (3 books).")
        expect(shelves).to_contain_text(f"“philosophy” → Philosophy & religion ({counts['philosophy']} books)")
        expect(shelves).to_contain_text(f"“horror” → Horror ({counts['horror']} books)")
        check_accessibility(page, "preview with shelves")

        # The reader says "classics" is a genre too, by its picker's label, and updates the preview.
        page.get_by_label("classics", exact=True).select_option(label="Genre: Classics")
        page.get_by_role("button", name="Update the preview").click()
        expect(page.locator("#shelves-summary")).to_contain_text(f"“classics” → Classics ({counts['classics']} books)")

        page.get_by_role("button", name=re.compile(r"^Import \d+ books$")).click()
        expect(page.get_by_role("heading", name=re.compile("Import report"))).to_be_visible()

        # The library holds what the preview said: the three owned to-read books, the genres.
        page.goto(server.url + "/library?status=toRead")
        expect(page.locator("#result-count")).to_contain_text("3 of")
        for title in owned:
            expect(page.locator(".book-list")).to_contain_text(title.split(":")[0].strip())
        page.goto(server.url + "/library?genre=Classics")
        expect(page.locator("#result-count")).to_contain_text(f"{counts['classics']} of")
    finally:
        server.stop()
