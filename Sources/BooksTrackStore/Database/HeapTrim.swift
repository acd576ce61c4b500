#if os(Linux)
    import CMalloc
#endif

/// Gives the memory a big import has freed back to the system.
///
/// glibc keeps freed memory for reuse: a 50,000-row import's parsed chunks, built rows and
/// SQLite's pages of an earlier phase stayed resident (80 MB above what was in use) through the
/// steps after it. Called between the import's phases; a no-op where `malloc_trim` does not
/// exist.
enum HeapTrim {
    static func giveBack() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}
