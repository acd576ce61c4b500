"""Writes statistics.sqlite3 beside this script: a KOReader reading-statistics database built
from the plugin's own schema (plugins/statistics.koplugin/main.lua, DB_SCHEMA_VERSION 20221111)
with the quirks real files hold, for the import's tests (issue 41). Deterministic: run it again
and the file is the same.

    python3 Tests/Fixtures/koreader/make_statistics.py [--turns N --out PATH]

With --turns, a larger synthetic database of about N page turns (the import's speed benchmark).
With --hostile, two files no real KOReader writes, for the import's bounds: hostile.sqlite3
(page counts past any book's and past 64 bits, a reflowed turn covering 100,000 pages 20,000
times, a sitting of three days without a pause, a turn of more than a day, a time before 1970)
and view.sqlite3 (its `book` is a view).

Books:
1. "Half of a Yellow Sun", Chimamanda Ngozi Adichie, 448 pages, language "en-US": read through
   in 9 sittings over January 2026 (a pause of 5 minutes inside a sitting, hours between them).
2. "Kindred - Octavia E. Butler (3).epub" with authors "N/A": a file name as title; 264 pages now,
   its first sittings recorded when the book had 300 pages (reflowed); read to about 40%.
3. "KOReader Quickstart Guide", authors "KOReader Community": opened once.
4. "Never Opened", authors "Nobody": no page turns, total_read_time 0.
5. "Good Omens", "Neil Gaiman\\nTerry Pratchett", 400 pages, "en_GB": turns with a duration of
   0 mixed in (KOReader writes them for pages flicked past).
"""
import argparse
import pathlib
import sqlite3

SCHEMA = """
PRAGMA user_version=20221111;
CREATE TABLE IF NOT EXISTS book
    (
        id integer PRIMARY KEY autoincrement,
        title text,
        authors text,
        notes      integer,
        last_open  integer,
        highlights integer,
        pages      integer,
        series text,
        language text,
        md5 text,
        total_read_time  integer,
        total_read_pages integer
    );
CREATE TABLE IF NOT EXISTS page_stat_data
    (
        id_book     integer,
        page        integer NOT NULL DEFAULT 0,
        start_time  integer NOT NULL DEFAULT 0,
        duration    integer NOT NULL DEFAULT 0,
        total_pages integer NOT NULL DEFAULT 0,
        UNIQUE (id_book, page, start_time),
        FOREIGN KEY(id_book) REFERENCES book(id)
    );
CREATE TABLE IF NOT EXISTS numbers
    (
        number INTEGER PRIMARY KEY
    );
CREATE UNIQUE INDEX IF NOT EXISTS book_title_authors_md5 ON book(title, authors, md5);
CREATE INDEX IF NOT EXISTS page_stat_data_start_time ON page_stat_data(start_time);
"""

JAN_1_2026 = 1767225600  # 2026-01-01T00:00:00Z


def sitting(start, first_page, pages, total, seconds_per_page=70, pause_after=None):
    """Turns of one sitting: a page every ~seconds_per_page, optionally a 5-minute pause."""
    rows, t = [], start
    for i in range(pages):
        duration = seconds_per_page + (i * 7) % 23
        rows.append((first_page + i, t, duration, total))
        t += duration
        if pause_after is not None and i == pause_after:
            t += 300
    return rows


def build(path, turns=None):
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    db.executemany("INSERT INTO numbers VALUES (?)", [(n,) for n in range(1, 1001)])
    books = []
    if turns:
        # A synthetic library: 200 books of 300 pages, sittings of 30 pages a day.
        per_book = max(1, turns // 200)
        for b in range(200):
            rows, page, day = [], 1, 0
            while len(rows) < per_book:
                rows += sitting(JAN_1_2026 + (b * 3 + day) * 86400 + 20 * 3600, page, 30, 300)
                page = page % 270 + 30
                day += 1
            books.append((f"Synthetic Book {b}", f"Author {b % 50}", 300, "en", rows[:per_book]))
    else:
        hys = []
        for day in range(9):
            hys += sitting(JAN_1_2026 + (3 + day * 3) * 86400 + 21 * 3600, 1 + day * 50, 50 if day < 8 else 48, 448,
                           pause_after=20 if day % 2 == 0 else None)
        kindred = sitting(JAN_1_2026 + 40 * 86400 + 8 * 3600, 1, 60, 300) \
            + sitting(JAN_1_2026 + 41 * 86400 + 8 * 3600, 61, 40, 300) \
            + sitting(JAN_1_2026 + 45 * 86400 + 22 * 3600, 89, 20, 264)
        guide = sitting(JAN_1_2026 + 2 * 86400 + 10 * 3600, 1, 3, 12, seconds_per_page=15)
        omens = []
        for day in range(3):
            for row in sitting(JAN_1_2026 + (60 + day) * 86400 + 7 * 3600, 1 + day * 40, 40, 400):
                omens.append(row)
                if row[0] % 10 == 0:  # a page flicked past: a turn of no time
                    omens.append((row[0] + 200, row[1] + 1, 0, 400))
        books = [
            ("Half of a Yellow Sun", "Chimamanda Ngozi Adichie", 448, "en-US", hys),
            ("Kindred - Octavia E. Butler (3).epub", "N/A", 264, "en", kindred),
            ("KOReader Quickstart Guide", "KOReader Community", 12, "en", guide),
            ("Never Opened", "Nobody", 320, "en", []),
            ("Good Omens", "Neil Gaiman\nTerry Pratchett", 400, "en_GB", omens),
        ]
    for number, (title, authors, pages, language, rows) in enumerate(books, start=1):
        total_time = sum(r[2] for r in rows)
        total_pages = len({r[0] for r in rows if r[2] > 0})
        last_open = max((r[1] for r in rows), default=None)
        db.execute(
            "INSERT INTO book (id, title, authors, notes, last_open, highlights, pages, series, language, md5, "
            "total_read_time, total_read_pages) VALUES (?, ?, ?, 0, ?, 0, ?, NULL, ?, ?, ?, ?)",
            (number, title, authors, last_open, pages, language, f"{number:032x}", total_time, total_pages))
        db.executemany(
            "INSERT INTO page_stat_data (id_book, page, start_time, duration, total_pages) VALUES (?, ?, ?, ?, ?)",
            [(number, *r) for r in rows])
    db.commit()
    db.execute("VACUUM")
    db.close()


def hostile(folder):
    path = folder / "hostile.sqlite3"
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.executescript(SCHEMA)
    books = [
        (1, "Past any book", "A. Writer", 3_000_000_000, [(2, JAN_1_2026, 60, 2)]),
        (2, "Past 64 bits", "A. Writer", 9223372036854775807, [(2, JAN_1_2026 + 100, 60, 2)]),
        (3, "Reflow bomb", "A. Writer", 100_000, [(1, JAN_1_2026 + 1000 + i, 1, 1) for i in range(20_000)]),
        (4, "Marathon", "A. Writer", 5_000, [(1 + i, JAN_1_2026 + 200_000 + i * 600, 600, 5_000) for i in range(432)]),
        (5, "Odd rows", "A. Writer", 300, [(1, JAN_1_2026 + 900_000, 90_000, 300), (2, -5, 60, 300), (3, JAN_1_2026 + 900_100, 60, 300)]),
    ]
    for number, title, authors, pages, rows in books:
        db.execute("INSERT INTO book (id, title, authors, pages, language, md5, total_read_time) VALUES (?, ?, ?, ?, 'en', ?, ?)",
                   (number, title, authors, pages, f"{number:032x}", sum(r[2] for r in rows)))
        db.executemany("INSERT INTO page_stat_data (id_book, page, start_time, duration, total_pages) VALUES (?, ?, ?, ?, ?)",
                       [(number, *r) for r in rows])
    db.commit()
    db.execute("VACUUM")
    db.close()
    view = folder / "view.sqlite3"
    view.unlink(missing_ok=True)
    db = sqlite3.connect(view)
    db.executescript("""
        CREATE TABLE page_stat_data (id_book integer, page integer, start_time integer, duration integer, total_pages integer);
        CREATE TABLE books (id integer PRIMARY KEY, title text);
        CREATE VIEW book AS SELECT id, title, '' AS authors, 100 AS pages, 'en' AS language FROM books;
    """)
    db.commit()
    db.close()
    print(f"wrote {path} and {view}")


if __name__ == "__main__":
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--turns", type=int)
    arguments.add_argument("--out", type=pathlib.Path, default=pathlib.Path(__file__).with_name("statistics.sqlite3"))
    arguments.add_argument("--hostile", action="store_true")
    options = arguments.parse_args()
    if options.hostile:
        hostile(pathlib.Path(__file__).parent)
        raise SystemExit
    build(options.out, options.turns)
    print(f"wrote {options.out} ({options.out.stat().st_size:,} bytes)")
