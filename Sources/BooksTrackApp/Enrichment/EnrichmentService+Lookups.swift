import BooksTrackCore
import BooksTrackEnrichment
import BooksTrackStore
import Foundation

/// The look-ups themselves: a book on Open Library, authors on Wikidata.
extension EnrichmentService {
    /// One book on Open Library: by ISBN, the edition's page count, its work's first publication
    /// year, its title when the book was imported without one, and its authors' Wikidata ids (the
    /// surest identification there is: an ISBN path); without an ISBN, the first publication year
    /// of the works with its exact title and author; and the edition's cover, fetched once and kept.
    func lookUp(_ work: WorkSubject) async -> (LookupOutcome, (any Error)?) {
        do {
            var edition: OpenLibraryEdition?
            var foundBy: String?
            for isbn in work.isbns.prefix(2) where edition == nil {
                edition = try await openLibrary.edition(isbn: isbn)
                foundBy = isbn
            }
            guard let edition else {
                guard work.needsYear, let author = work.authors.first?.name else { return (.notFound, nil) }
                let hits = try await openLibrary.search(title: work.title, author: author)
                guard let year = OpenLibrarySearchHit.firstPublished(of: work.title, by: work.authors.map(\.name), in: hits)
                else { return (.notFound, nil) }
                try await store.enrichment.fill(work: work.id, originalLanguage: nil, firstPublished: year, now: clock())
                return (.done, nil)
            }
            var year: Int?
            if work.needsYear, let key = edition.works.first { year = try await openLibrary.work(key)?.firstPublished }
            // The original language, from the work's translated editions (issue 40 item 4).
            var original: LanguageCode?
            if work.needsLanguage, let key = edition.works.first {
                original = try await openLibrary.originalLanguage(ofWork: key)
            }
            try await store.enrichment.fill(
                work: work.id, originalLanguage: original, firstPublished: year, pages: edition.pages, isbn: foundBy,
                now: clock())
            if work.needsGenres {
                try await store.enrichment.fill(work: work.id, genres: GenreChoice.fromSubjects(edition.subjects), now: clock())
            }
            if let cover = edition.coverID, let foundBy { try await keepCover(cover, work: work.id, isbn: foundBy) }
            if Work.isUntitled(work.title), let title = edition.title {
                try await store.enrichment.fill(
                    work: work.id, untitled: work.title, title: title, primaryAuthor: work.authors.first?.name, now: clock())
            }
            var links: [PlannedAuthorFact] = []
            for author in edition.authors.prefix(3) {
                // Only an author of the reader's book with this very name.
                guard let match = work.authors.first(where: { AuthorTable.key($0.name) == AuthorTable.key(author.name) }),
                    let record = try await openLibrary.author(author.key), let qid = record.wikidataID
                else { continue }
                links.append(
                    PlannedAuthorFact(
                        authorID: match.id,
                        assertion: AuthorFactAssertion(
                            kind: .wikidataID, value: qid,
                            provenance: Provenance(source: .openLibrary, recordedAt: clock(), detail: record.key))))
            }
            if try await store.enrichment.record(links, now: clock()) > 0 {
                for link in links { try await store.enrichment.reopen(author: link.authorID, now: clock()) }
            }
            return (.done, nil)
        } catch is CancellationError {
            return (.retry, CancellationError())
        } catch {
            logger.info("Open Library look-up of \(work.id) failed: \(error)")
            return (.retry, error)
        }
    }

    /// Gives the reader's edition with this ISBN its Open Library cover: fetched the first time
    /// any reader's book needs it, then kept (never hot-linked: a reader's page asks only this
    /// server). A cover Open Library does not have (404) leaves the initials in its place.
    private func keepCover(_ number: Int, work: Work.ID, isbn: String) async throws {
        let id = CoverRepository.openLibraryID(number)
        if try await !store.covers.has(id) {
            guard let image = try await covers.cover(id: number) else { return }
            try await store.covers.save(id: id, mediaType: image.mediaType, data: image.data, now: clock())
        }
        try await store.covers.link(id, work: work, isbn: isbn)
    }

    /// Authors on Wikidata: those with a known Wikidata id (from the bundled table, Open Library
    /// or a reader) by id, fifty at a time; the others by a search for their name, decided by
    /// ``AuthorMatch/decide(name:among:)``.
    func lookUp(_ authors: [AuthorSubject]) async -> [(AuthorSubject, (LookupOutcome, (any Error)?))] {
        var results: [(AuthorSubject, (LookupOutcome, (any Error)?))] = []
        let known = authors.filter { $0.wikidataID != nil }
        if !known.isEmpty {
            do {
                results += try await identify(known)
            } catch ProviderError.unreachable(let why) {
                results += known.map { ($0, (.retry, ProviderError.unreachable(why))) }
            } catch {
                // One request for them all failed: each alone, so that one bad answer does not
                // hold back the others.
                logger.info("Wikidata look-up of \(known.count) ids failed (\(error)); asking for each alone")
                for author in known {
                    do { results += try await identify([author]) } catch let alone {
                        results.append((author, (.retry, alone)))
                    }
                }
            }
        }
        for author in authors where author.wikidataID == nil {
            results.append((author, await search(author)))
        }
        return results
    }

    /// Authors whose Wikidata id is known, in one request: their facts recorded, found or not.
    private func identify(_ known: [AuthorSubject]) async throws -> [(AuthorSubject, (LookupOutcome, (any Error)?))] {
        var results: [(AuthorSubject, (LookupOutcome, (any Error)?))] = []
        let entities = try await wikidata.entities(known.compactMap(\.wikidataID))
        let people = known.compactMap { author in entities[author.wikidataID!].map { (author, WikidataPerson($0)) } }
        let places = try await birthCountries(people.map(\.1))
        var facts: [PlannedAuthorFact] = []
        for author in known {
            guard let entity = entities[author.wikidataID!], WikidataPerson(entity).isHuman else {
                results.append((author, (.notFound, nil)))
                continue
            }
            let person = WikidataPerson(entity)
            facts += person.facts(at: clock(), birthCountry: person.birthPlace.flatMap { places[$0] })
                .filter { $0.kind != .wikidataID || author.wikidataSource != .user }
                .map { PlannedAuthorFact(authorID: author.id, assertion: $0) }
            results.append((author, (.done, nil)))
        }
        try await store.enrichment.record(facts, now: clock())
        return results
    }

    /// One author by name: search, read the people found, decide without guessing.
    private func search(_ author: AuthorSubject) async -> (LookupOutcome, (any Error)?) {
        do {
            let ids = try await wikidata.search(author.name)
            guard !ids.isEmpty else { return (.notFound, nil) }
            let entities = try await wikidata.entities(ids)
            switch AuthorMatch.decide(name: author.name, among: ids.compactMap { entities[$0] }) {
            case .none:
                return (.notFound, nil)
            case .found(let person):
                let places = try await birthCountries([person])
                let facts = person.facts(at: clock(), birthCountry: person.birthPlace.flatMap { places[$0] })
                try await store.enrichment.record(
                    facts.map { PlannedAuthorFact(authorID: author.id, assertion: $0) }, now: clock())
                // Wikidata knows who this is: the bundled table's namesakes need no answer.
                try await store.enrichment.closeCandidates(of: author.id, now: clock())
                return (.done, nil)
            case .ambiguous(let people):
                let now = clock()
                try await store.enrichment.propose(
                    people.prefix(5).map { person in
                        AuthorCandidate(
                            authorID: author.id, source: .wikidata, reference: person.id,
                            label: person.entity.label ?? author.name, description: person.summary,
                            facts: person.facts(at: now))
                    }, now: now)
                return (.ambiguous, nil)
            }
        } catch is CancellationError {
            return (.retry, CancellationError())
        } catch {
            logger.info("Wikidata search for an author failed: \(error)")
            return (.retry, error)
        }
    }

    /// The countries of the birthplaces of people whose citizenship Wikidata does not give (P19
    /// → the place's P17 country, or the place itself when it is a country).
    private func birthCountries(_ people: [WikidataPerson]) async throws -> [String: WikidataCountry] {
        let places = people.filter { $0.citizenship == nil }.compactMap(\.birthPlace)
        guard !places.isEmpty else { return [:] }
        var out: [String: WikidataCountry] = [:]
        var unresolved: [String] = []
        for place in places {
            if let country = WikidataCountry.resolve(place) { out[place] = country } else { unresolved.append(place) }
        }
        guard !unresolved.isEmpty else { return out }
        let entities = try await wikidata.entities(unresolved)
        for place in unresolved {
            if let country = entities[place]?.items("P17").lazy.compactMap(WikidataCountry.resolve).first {
                out[place] = country
            }
        }
        return out
    }
}
