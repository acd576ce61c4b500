import BooksTrackStore

// The values the application hands to its faces (web pages, the JSON API, the command line)
// that the store defines: rows as a reader sees them, and the store's errors. The faces name
// them through the application and never import the store, so nothing outside this module can
// read or write the database beside the use cases (docs/decisions/0001-one-door.md).

public typealias StoreError = BooksTrackStore.StoreError
public typealias DatabaseLocation = BooksTrackStore.DatabaseLocation
public typealias ImportTuning = BooksTrackStore.ImportTuning
public typealias ImportTrace = BooksTrackStore.ImportTrace

// The library as listed and as one book.
public typealias LibraryListItem = BooksTrackStore.LibraryListItem
public typealias LibraryPage = BooksTrackStore.LibraryPage
public typealias EntryDetail = BooksTrackStore.EntryDetail
public typealias ShelfCount = BooksTrackStore.ShelfCount
public typealias Cover = CoverRepository.Cover

// Imports.
public typealias ImportUpload = BooksTrackStore.ImportUpload
public typealias ImportRunSummary = BooksTrackStore.ImportRunSummary
public typealias ImportProgress = BooksTrackStore.ImportProgress

// Reading sessions, curation, sharing, accounts.
public typealias SessionStart = ReadingSessionStore.Start
public typealias ContributionRecord = BooksTrackStore.ContributionRecord
public typealias ShareLink = ShareLinkRepository.ShareLink
public typealias ShareSnapshot = ShareLinkRepository.Snapshot
public typealias APIToken = TokenRepository.APIToken
public typealias SetupState = AccountRepository.SetupState
public typealias LoginSession = LoginRepository.LoginSession
public typealias RunningSession = LoginRepository.RunningSession

// Imports on the command line: its progress bar, and the memory a big import gives back.
public typealias ImportProgressHandler = BooksTrackStore.ImportProgressHandler
public typealias HeapTrim = BooksTrackStore.HeapTrim
