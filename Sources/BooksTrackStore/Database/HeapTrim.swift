#if os(Linux)
    import CMalloc
#endif

/// Gives the memory a big import has freed back to the system.
///
/// glibc keeps freed memory for reuse: a 50,000-row import's parsed chunks, built rows and
/// SQLite's pages of an earlier phase stayed resident (80 MB above what was in use) through the
/// steps after it. Called between the import's phases; a no-op where `malloc_trim` does not
/// exist.
public enum HeapTrim {
    static func giveBack() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }

    /// For a process that imports and exits (`bookstrack import`): at most two malloc arenas
    /// (glibc's default is eight per core). An import works on two threads at a time; with more
    /// arenas, memory one thread freed stayed with an arena the next allocation did not use (a
    /// 50,000-row import's peak: 151 → 141 MB). Not for a server, whose many request threads would
    /// wait for each other's allocations.
    public static func useFewArenas() {
        #if os(Linux)
            _ = mallopt(M_ARENA_MAX, 2)
        #endif
    }
}
