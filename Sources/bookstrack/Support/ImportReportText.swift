import BooksTrackCore
import Foundation

/// The readable form of an import report.
enum ImportReportText {
    static func render(_ report: ImportReport, fileName: String) -> String {
        var lines: [String] = []
        let verb = report.dryRun ? "Dry run of" : "Imported"
        lines.append("\(verb) \(fileName) (\(report.format.displayName)): \(report.rows) rows")
        if report.dryRun && !(report.changedNothing && report.rows > report.skipped) {
            lines.append("Nothing was written. Run again without --dry-run to import.")
        }
        let width = String(report.rows).count
        func pad(_ n: Int) -> String { String(repeating: " ", count: max(0, width - String(n).count)) + String(n) }
        lines.append("  \(pad(report.imported))  \(report.dryRun ? "new" : "imported")")
        lines.append("  \(pad(report.updated))  \(report.dryRun ? "to update" : "updated")")
        lines.append("  \(pad(report.unchanged))  unchanged")
        lines.append("  \(pad(report.skipped))  skipped")
        let statuses = ReadingStatus.allCases.compactMap { status in
            report.byStatus[status].map { "\(status.displayName.lowercased()) \($0)" }
        }
        if !statuses.isEmpty { lines.append("  by status: " + statuses.joined(separator: " · ")) }
        if let sessions = report.sessionsInFile {
            lines.append("  \(sessions) reading sessions in the file (any already in the library are not added again)")
        }
        if let owned = report.shelves?.ownershipSummary { lines.append("  shelves read as books you own: \(owned)") }
        if let genres = report.shelves?.genreSummary { lines.append("  shelves read as genres: \(genres)") }
        if report.changedNothing && report.rows > report.skipped {
            lines.append(
                report.dryRun
                    ? "Nothing new in this file: every book in it is already in your library as it is."
                    : "Nothing changed: your library already matches this file.")
        }
        for warning in report.fileWarnings { lines.append("Note: \(warning)") }
        let skipped = report.outcomes.filter { $0.kind == .skipped }
        if !skipped.isEmpty {
            lines.append("")
            lines.append("Skipped rows:")
            for outcome in skipped { lines.append("  \(place(outcome)) — \(outcome.reason ?? "")") }
        }
        let updated = report.outcomes.filter { $0.kind == .updated }
        if !updated.isEmpty {
            lines.append("")
            lines.append(report.dryRun ? "Would update:" : "Updated:")
            for outcome in updated.prefix(50) { lines.append("  \(place(outcome)): \(outcome.changes.joined(separator: "; "))") }
            if updated.count > 50 { lines.append("  … and \(updated.count - 50) more (see --json)") }
        }
        let warned = report.outcomes.filter { !$0.warnings.isEmpty }
        if !warned.isEmpty {
            lines.append("")
            lines.append("Warnings (\(warned.count) rows):")
            for outcome in warned.prefix(50) {
                for warning in outcome.warnings { lines.append("  \(place(outcome)): \(warning)") }
            }
            if warned.count > 50 { lines.append("  … and \(warned.count - 50) more rows (see --json)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func place(_ outcome: ImportOutcome) -> String {
        let place = outcome.line.map { "row \(outcome.row) (line \($0))" } ?? "row \(outcome.row)"
        return outcome.title.isEmpty ? place : "\(place) “\(outcome.title)”"
    }
}
