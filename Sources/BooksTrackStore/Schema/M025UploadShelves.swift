extension Migrations {
    /// What the reader said their shelves mean, kept with an upload between its preview and its
    /// import (SPEC §3: ownership and genre shelves, changed in the preview). JSON; absent for
    /// the defaults.
    static let m025UploadShelves = Migration(
        version: 25, name: "upload shelves",
        statements: ["ALTER TABLE import_uploads ADD COLUMN shelf_reading TEXT"])
}
