"""Every page a reader reaches, on a 390 px phone in light and dark: none scrolls sideways, every
control is a target of at least 44 × 44 px (seed 002; axe checks only 24) and axe finds nothing — the demo library's dashboard, library, book, insights, goals, imports, account,
contributions, notifications, widget, prompts and a share link."""

import re

from conftest import Server, check_accessibility, create_owner
from playwright.sync_api import expect


# Every control smaller than 44 × 44 px, as "tag “name” w×h". A link inside running text is
# exempt (WCAG 2.5.8); a radio button or checkbox counts its label; the radar's marks their ::after.
SMALL_TARGETS = """() => {
  const out = [];
  const size = (r) => [Math.round(r.width), Math.round(r.height)];
  for (const e of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    // The world map's countries are out of the tab order: the table beside it has the same links
    // as full-size targets (WCAG 2.5.8's equivalent-control exception).
    if (e.closest('.world-map') && e.getAttribute('tabindex') === '-1') continue;
    let r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    // A link inside running text is exempt (WCAG 2.5.8's inline exception).
    if (e.tagName === 'A' && getComputedStyle(e).display === 'inline') {
      const text = (e.parentElement.textContent || '').trim(), own = (e.textContent || '').trim();
      if (text.length > own.length + 2) continue;
    }
    let [w, h] = size(r);
    // A radio button or checkbox is pressed through its label.
    if (e.type === 'radio' || e.type === 'checkbox') {
      const label = e.closest('label') || (e.id && document.querySelector(`label[for="${e.id}"]`));
      if (label) {
        const l = label.getBoundingClientRect();
        [w, h] = [Math.max(w, Math.round(l.width)), Math.max(h, Math.round(l.height))];
      }
    }
    // The radar's controls have a 44 px target drawn by ::after around a smaller mark.
    const after = getComputedStyle(e, '::after');
    if (after.content !== 'none' && after.position === 'absolute') {
      [w, h] = [Math.max(w, parseFloat(after.width) || 0), Math.max(h, parseFloat(after.height) || 0)];
    }
    if (w < 44 || h < 44) {
      const name = (e.getAttribute('aria-label') || e.textContent || e.value || '').trim().slice(0, 40);
      out.push(`${e.tagName.toLowerCase()} “${name}” ${w}×${h}`);
    }
  }
  return out;
}"""

def first_link(page, pattern):
    for link in page.locator("main a[href]").all():
        href = link.get_attribute("href")
        if re.fullmatch(pattern, href):
            return href
    raise AssertionError(f"no link matching {pattern} on {page.url}")


def test_every_page_on_a_phone(browser):
    server = Server()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        page.set_default_timeout(20_000)
        create_owner(page, server, "pat")
        page.get_by_role("button", name=re.compile("Load a demo library")).click()

        page.goto(server.url + "/library?status=read")
        book = first_link(page, r"/books/[0-9a-f-]{36}")
        page.goto(server.url + "/goals")
        goal = first_link(page, r"/goals/[0-9a-f-]{36}")
        page.goto(server.url + "/import")
        run = first_link(page, r"/imports/[0-9a-f-]{36}")
        page.goto(server.url + "/insights")
        page.get_by_role("button", name="Share the author gender card as a link").click()
        share = page.locator("#share-link").inner_text()

        pages = [
            "/", "/library", "/library?status=read&region=africa", book, book + "/edit", book + "/sessions",
            "/insights", "/insights?scope=library&unit=authors", "/insights/reading", "/goals", "/goals/new", goal,
            "/import", run, "/account", "/contributions", "/notifications", "/widget", "/prompt", "/books/new", share,
            "/library?missing=genre", "/insights/reading?metric=pages", "/prompt?fact=genre&book=" + book.rsplit("/", 1)[-1],
            "/offline", book + "/badges/new",
        ]
        for path in pages:
            url = path if path.startswith("http") else server.url + path
            response = page.goto(url)
            assert response.status == 200, f"{path} answered {response.status}"
            expect(page.locator("h1").first).to_be_visible()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{path} scrolls sideways on a phone ({width} px)"
            small = page.evaluate(SMALL_TARGETS)
            assert small == [], f"{path}: targets under 44 px: {small}"
            check_accessibility(page, f"{path} on a phone")
        context.close()
    finally:
        server.stop()
