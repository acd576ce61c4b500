#!/usr/bin/env python3
"""Generates Sources/BooksTrackCore/Resources/authors.tsv, the bundled author table (SPEC F8),
from the openly licensed tables in Tests/Fixtures/authors-kb (Post45 Data Collective, CC BY 4.0;
the Nobel Prize's laureates via cicadatatw/nobel-viz, CC0).

One row per person: the name as written, aliases and pen names, the Wikidata id when a table
gives one, gender, country codes, birth year, and for each fact the table it came from.

Rules (docs/enrichment.md explains them):
- R-style `NA`, `N/A`, `unknown`, empty cells are missing (never Namibia: no table here writes
  a country as a code, so `NA` is never read as one).
- A person with a Wikidata id in any table is one person under that id; spellings of the same
  name (accents, "Last, First") without an id join them when their facts agree.
- Two people of one name whose facts differ (another gender, a birth year more than a year
  apart, or two Wikidata ids) are both kept: the product does not pick one but asks the reader
  (a verification prompt). Countries do not split a person: tables record citizenship, birth
  country or residence, so one writer can have several (Camus: France and Algeria); they are
  kept in the order of the sources' reliability for citizenship (nationality columns first,
  the Nobel table's birth country last).
- Gender words are mapped to BooksTrack's genders; anything else (plural, org) is missing.
- Countries are names, demonym-free; compound cells (`United States; United Kingdom`) give
  several; historical states use their "(now …)" country; colonies and territories count as
  the place they were ("India (British colony)" → India).

Run from the repository root:  python3 scripts/generate-author-table.py
"""
import csv
import pathlib
import re
import unicodedata

root = pathlib.Path(__file__).resolve().parent.parent
kb = root / "Tests/Fixtures/authors-kb"
countries_csv = root / "Tests/Fixtures/regions/datasets__country-codes__data_country-codes.csv"
target = root / "Sources/BooksTrackCore/Resources/authors.tsv"

MISSING = {"", "na", "n/a", "none", "unknown", "uniden", "no winner", "no state or country listed", "[various]"}

# ---------------------------------------------------------------------------------------------
# Countries

country_names = {}
with countries_csv.open(encoding="utf-8", newline="") as f:
    for row in csv.DictReader(f):
        code = row["ISO3166-1-Alpha-2"].strip()
        if not code:
            continue
        for column in ("CLDR display name", "official_name_en", "UNTERM English Short"):
            name = row[column].strip()
            if name:
                country_names[re.sub(r"^the ", "", name.lower()).strip()] = code
# Names the tables use that the ISO table spells otherwise.
country_names.update({
    "united states": "US", "usa": "US", "us": "US", "united states of america": "US",
    "united kingdom": "GB", "uk": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
    "northern ireland": "GB", "great britain": "GB", "russia": "RU", "south korea": "KR",
    "korea": "KR", "north korea": "KP", "south vietnam": "VN", "vietnam": "VN", "iran": "IR",
    "syria": "SY", "taiwan": "TW", "czech republic": "CZ", "czechia": "CZ", "the netherlands": "NL",
    "netherlands": "NL", "holland": "NL", "bolivia": "BO", "venezuela": "VE", "tanzania": "TZ",
    "laos": "LA", "moldova": "MD", "palestine": "PS", "macedonia": "MK", "north macedonia": "MK",
    "ivory coast": "CI", "côte d'ivoire": "CI", "congo": "CG", "democratic republic of the congo": "CD",
    "hong kong": "HK", "macau": "MO", "burma": "MM", "myanmar": "MM", "east timor": "TL",
    "cape verde": "CV", "brunei": "BN", "vatican": "VA", "kosovo": "XK", "turkey": "TR",
    "guadeloupe": "GP", "martinique": "MQ", "puerto rico": "PR", "trinidad": "TT",
    "trinidad and tobago": "TT", "st. lucia": "LC", "saint lucia": "LC", "antigua": "AG",
    "bosnia": "BA", "bosnia and herzegovina": "BA", "ussr": None, "soviet union": None,
    "yugoslavia": None, "czechoslovakia": None, "prussia": None, "austria-hungary": None,
})


def countries(cell):
    """The country codes of a cell; unknown names are left out (and reported)."""
    out = []
    for part in re.split(r";|,| / ", cell or ""):
        text = part.strip()
        if text.lower() in MISSING:
            continue
        now = re.search(r"\(now ([^)]*)\)", text)
        if now:
            text = now.group(1)
        text = re.sub(r"\s*\(.*\)\s*$", "", text).strip()
        key = re.sub(r"^the ", "", text.lower())
        if key not in country_names:
            unknown_countries[text] = unknown_countries.get(text, 0) + 1
            continue
        code = country_names[key]
        if code and code not in out:
            out.append(code)
    return out


unknown_countries = {}

# ---------------------------------------------------------------------------------------------
# Genders

GENDERS = {
    "m": "male", "male": "male", "man": "male", "he": "male", "tm": "male", "transman": "male",
    "w": "female", "f": "female", "female": "female", "woman": "female", "tf": "female",
    "n": "nonBinary", "nb": "nonBinary", "nonbinary": "nonBinary", "non-binary": "nonBinary",
    "nonbinary/they": "nonBinary", "nonbinary/he": "nonBinary", "female / nonbinary": "nonBinary",
}


def gender(cell):
    return GENDERS.get((cell or "").strip().lower())


# ---------------------------------------------------------------------------------------------
# Names


def display_name(cell):
    """`Last, First` becomes `First Last`; runs of spaces collapse."""
    text = " ".join((cell or "").split())
    if text.count(",") == 1:
        last, first = [p.strip() for p in text.split(",")]
        if first and last and first.lower().rstrip(".") not in ("jr", "sr", "ii", "iii"):
            text = f"{first} {last}"
    return text


def key(name):
    """Close to the product's lookup key: accents, case and punctuation folded."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"[^\w]+", " ", text)
    return " ".join(text.split())


def year(cell):
    match = re.match(r"^\s*(-?\d{3,4})", cell or "")
    return int(match.group(1)) if match else None


def qid(cell):
    match = re.fullmatch(r"\s*(Q\d+)\s*", cell or "")
    return match.group(1) if match else None


# ---------------------------------------------------------------------------------------------
# Reading the tables: one observation per (person, row).

observations = []  # dicts: name, qid, gender, countries, birth, source


def observe(name, source, gender_=None, countries_=(), birth=None, qid_=None):
    name = display_name(name)
    if not name or key(name) in MISSING or not key(name):
        return
    observations.append({
        "name": name, "qid": qid_, "gender": gender_, "countries": list(countries_), "birth": birth,
        "source": source,
    })


def read(name):
    with (kb / name).open(encoding="utf-8-sig", newline="") as f:
        yield from csv.DictReader(f)


for row in read("Post45-Data-Collective__data__international_bestsellers_international_bestsellers.csv"):
    # Several authors of one book are listed `A; B` with genders `m; w` and nationalities alike.
    names = [n for n in re.split(r"\s*;\s*", row["author"]) if n.strip()]
    genders = re.split(r"\s*[;,]\s*", row["gender"])
    nations = re.split(r"\s*;\s*", row["nationality"])
    if len(names) == 1:
        observe(names[0], "post45-international-bestsellers", gender(row["gender"]), countries(row["nationality"]))
    elif len(genders) == len(names) and len(nations) == len(names):
        for n, g, c in zip(names, genders, nations):
            observe(n, "post45-international-bestsellers", gender(g), countries(c))

for row in read("Post45-Data-Collective__data__major_literary_prizes_major_literary_prizes-winners_judges.csv"):
    observe(row["full_name"], "post45-major-literary-prizes", gender(row["gender"]), qid_=qid(row["author_wikidata"]))

for row in read("Post45-Data-Collective__data__nea_writing_fellowships_nea_fellowships.csv"):
    observe(
        row["full_name_firstlast"], "post45-nea-fellowships", gender(row["gender"]), countries(row["country"]),
        year(row["birth_year"]))

for row in read("Post45-Data-Collective__data__asian_american_literature_asian_american_authors.csv"):
    # Citizenship is what the other sources (and Wikidata's P27) record: an author who lived in
    # the United States counts there; otherwise the nation of birth.
    nations = countries(row["nations"])
    place = ["US"] if "US" in nations else countries(row["birth_nation"])
    observe(row["author_name"], "post45-asian-american-authors", gender(row["gender"]), place, year(row["birth_year"]))

for row in read("Post45-Data-Collective__data__british_literary_prizes_british_literary_prizes-1990-2022.csv"):
    # No citizenship column (uk_residence is residence): gender only.
    observe(row["name"], "post45-british-literary-prizes", gender(row["gender"]))

for row in read("Post45-Data-Collective__data__nyt_hardcover_fiction_bestsellers_nyt_hardcover_fiction_bestsellers-titles.csv"):
    # The name → Wikidata id of a bestselling novelist (no other facts).
    observe(row["author"], "post45-nyt-bestsellers", qid_=qid(row["author_wikidata"]))

for row in read("cicadatatw__nobel-viz__laureate.csv"):
    if row["category"] != "literature" or row["gender"] not in ("male", "female"):
        continue
    name = " ".join(p for p in (row["firstname"].strip(), row["surname"].strip()) if p)
    code = row["bornCountryCode"].strip()
    observe(name, "nobel-laureates", gender(row["gender"]), [code] if code and code != "NA" or row["bornCountry"] == "Namibia" else countries(row["bornCountry"]), year(row["born"]))

# ---------------------------------------------------------------------------------------------
# Merging observations into people.


# Which table's country to trust first for citizenship.
COUNTRY_PRIORITY = {
    "post45-international-bestsellers": 0,  # nationality
    "post45-nea-fellowships": 1,  # country
    "post45-asian-american-authors": 2,  # nations lived in / birth nation
    "nobel-laureates": 3,  # birth country (present-day)
}


class Person:
    def __init__(self):
        self.names = []
        self.qid = None
        self.gender = None
        self.countries = []
        self.birth = None
        self.sources = {}  # fact -> source
        self.observed_countries = {}  # code -> [priority, count, source]

    def agrees(self, o):
        if o["qid"] and self.qid and o["qid"] != self.qid:
            return False
        if o["gender"] and self.gender and o["gender"] != self.gender:
            return False
        if o["birth"] and self.birth and abs(o["birth"] - self.birth) > 1:
            return False
        return True

    def add(self, o):
        if o["name"] not in self.names:
            self.names.append(o["name"])
        for fact in ("qid", "gender", "birth"):
            if o[fact] is not None and getattr(self, fact) is None:
                setattr(self, fact, o[fact])
                self.sources[fact] = o["source"]
        if o["countries"]:
            # The most reliable source first, and within it the country it names most often.
            for code in o["countries"]:
                entry = self.observed_countries.setdefault(code, [9, 0, o["source"]])
                priority = COUNTRY_PRIORITY.get(o["source"], 9)
                if priority < entry[0]:
                    entry[0], entry[2] = priority, o["source"]
                if priority == entry[0]:
                    entry[1] += 1
            ordered = sorted(self.observed_countries.items(), key=lambda kv: (kv[1][0], -kv[1][1], kv[0]))
            self.countries = [code for code, _ in ordered]
            self.sources["countries"] = ordered[0][1][2]


people = []
by_qid = {}
by_key = {}
# Observations with a Wikidata id first, so that spellings without one join the person.
for o in sorted(observations, key=lambda o: o["qid"] is None):
    if o["qid"] and o["qid"] in by_qid:
        person = by_qid[o["qid"]]
    else:
        candidates = [p for p in by_key.get(key(o["name"]), []) if p.agrees(o)]
        if o["qid"]:
            candidates = [p for p in candidates if not p.qid]
        elif len(candidates) > 1:
            # Several people of this name fit: the spelling without an id joins none of them
            # but a person of the same kind (no id) if there is one.
            candidates = [p for p in candidates if not p.qid][:1]
        if len(candidates) == 1:
            person = candidates[0]
        else:
            person = Person()
            people.append(person)
    person.add(o)
    if person.qid:
        by_qid[person.qid] = person
    for name in person.names:
        if person not in by_key.setdefault(key(name), []):
            by_key[key(name)].append(person)

# Facts that say nothing (no gender, country, birth year nor id) are left out.
people = [p for p in people if p.qid or p.gender or p.countries or p.birth]
people.sort(key=lambda p: (key(p.names[0]), p.qid or "", p.names[0]))


def clean(text):
    return text.replace("\t", " ").replace("\n", " ")


lines = [
    "# BooksTrack bundled author table. Generated by scripts/generate-author-table.py; do not edit.",
    "# Sources: Post45 Data Collective (CC BY 4.0), Nobel Prize laureates (CC0). See docs/attribution.md.",
    "# name\taliases\twikidata\tgender\tgender_source\tcountries\tcountry_source\tbirth_year\tbirth_source",
]
for p in people:
    lines.append("\t".join([
        clean(p.names[0]), "|".join(clean(n) for n in p.names[1:]), p.qid or "",
        p.gender or "", p.sources.get("gender", "") if p.gender else "",
        ";".join(p.countries), p.sources.get("countries", "") if p.countries else "",
        str(p.birth) if p.birth is not None else "", p.sources.get("birth", "") if p.birth is not None else "",
    ]))
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text("\n".join(lines) + "\n", encoding="utf-8")

keys = {}
for p in people:
    for name in p.names:
        keys.setdefault(key(name), set()).add(id(p))
ambiguous = sum(1 for k, v in keys.items() if len(v) > 1)
print(f"wrote {len(people)} people to {target.relative_to(root)}; {ambiguous} names belong to more than one person")
if unknown_countries:
    print("country names not understood:", ", ".join(f"{k} ({v})" for k, v in sorted(unknown_countries.items())))
