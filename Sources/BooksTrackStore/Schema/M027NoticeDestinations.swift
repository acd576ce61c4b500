extension Migrations {
    /// A notification names where it leads (`NoticeDestination`), not a web address: the web app
    /// makes the address. The addresses kept before become the names they stood for.
    static let m027NoticeDestinations = Migration(
        version: 27, name: "notice destinations",
        statements: [
            "UPDATE notifications SET link = 'goal:' || substr(link, 8) WHERE link LIKE '/goals/%'",
            "UPDATE notifications SET link = 'goals' WHERE link = '/goals'",
            "UPDATE notifications SET link = 'achievements' WHERE link LIKE '/insights/reading%'",
            "UPDATE notifications SET link = 'contributions' WHERE link = '/contributions'",
            "UPDATE notifications SET link = 'reading-now' WHERE link LIKE '/library?status=reading%'",
            "UPDATE notifications SET link = 'notifications' WHERE link = '/notifications'",
        ])
}
