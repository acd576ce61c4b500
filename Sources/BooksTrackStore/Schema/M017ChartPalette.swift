extension Migrations {
    /// The reader's chart palette (seed 002, colour blindness): `NULL` is the standard one,
    /// `blueOrange` the palette without red–green pairs.
    static let m017ChartPalette = Migration(
        version: 17, name: "chart palette", statements: ["ALTER TABLE users ADD COLUMN palette TEXT"])
}
