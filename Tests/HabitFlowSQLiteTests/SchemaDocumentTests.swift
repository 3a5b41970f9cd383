import Foundation
import HabitFlowCore
import HabitFlowTestSupport
import Testing

@testable import HabitFlowSQLite

/// docs/SCHEMA.md is generated from what `Schema.migrations` build; this keeps them equal, and
/// the migrations' names usable as names.
@Suite struct SchemaDocumentTests {
    @Test func schemaDocumentMatchesTheMigrations() throws {
        let generated = try Self.markdown()
        let onDisk = try Repository.generatedFile("docs/SCHEMA.md", generated, writtenWhen: "HABITFLOW_WRITE_SCHEMA_DOC")
        #expect(
            onDisk == generated,
            "docs/SCHEMA.md is stale: HABITFLOW_WRITE_SCHEMA_DOC=1 swift test --disable-xctest --filter SchemaDocumentTests")
    }

    @Test func migrationsHaveUniqueNamesAndAFileEach() throws {
        let names = Schema.migrations.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Sources/HabitFlowSQLite/Migrations")).sorted()
        #expect(files.count == names.count, "\(files)")
        for (i, migration) in Schema.migrations.enumerated() {
            let file = String(format: "Migration%02d", i + 1)
            let match = files.first { $0.hasPrefix(file) }
            #expect(match != nil, "no \(file)….swift for \(migration.name)")
            if let match {
                let text = try String(contentsOfFile: Repository.path("Sources/HabitFlowSQLite/Migrations/" + match), encoding: .utf8)
                // White space folded: the formatter decides where the lines break.
                #expect(
                    Self.oneLine(text).contains("static let \(migration.name) = Migration( name: \"\(migration.name)\""),
                    "\(match) registers \(migration.name)")
            }
        }
    }

    /// Every table the migrations build, its columns (type, null, default, key, what it
    /// points at), which record kind it holds, its indexes and triggers; then the SQL.
    static func markdown() throws -> String {
        let db = try SQLiteDatabase(path: ":memory:")
        for migration in Schema.migrations { try db.execute(migration.sql) }
        let kinds = Dictionary(uniqueKeysWithValues: RecordKind.allCases.map { ($0.table, $0) })
        var out = """
            # The SQLite store's schema

            Generated from the migrations in `Sources/HabitFlowSQLite/Migrations/` (one file each,
            registered by name in `Schema.migrations`); `SchemaDocumentTests` fails when this file
            differs from what they build. To regenerate after adding a migration:
            `HABITFLOW_WRITE_SCHEMA_DOC=1 swift test --disable-xctest --filter SchemaDocumentTests`.

            A store is one file: `PRAGMA application_id` 0x\(String(SQLiteStore.applicationID, radix: 16, uppercase: true)) ("HFLW") marks it as HabitFlow's and
            `PRAGMA user_version` (\(Schema.migrations.count) now) counts the migrations it has run. Every table but
            `replica`, `user_flags` and `active_days_cache` holds one record kind: its columns are the
            kind's (`RecordKind.columns`, the names sync uses), then `stamp` (the hybrid-clock stamp of
            the record's latest version), `seq` (the local change sequence, the cursor of
            `sync.changes`) and, for entries, `set_aside` (a merge's local outcome). Nothing derived is
            stored: `active_days_cache` is a cache the triggers empty and any reader may drop.

            ## What a store file is promised

            - **Every older store opens.** A library opens a store of any earlier schema and
              migrates it in one transaction, nothing lost; the migrations only add (tables,
              columns, indexes) or move records to a new shape the same answers read. Each
              released schema has a fixture store its release wrote, with that release's answers
              to over a hundred questions (`Tests/Fixtures/schema5`, `schema10`, `schema20`: 0.1.0's);
              `MigrationFixtureTests` opens a copy of each with this build and asks them again.
            - **A newer store is refused, untouched.** A `user_version` above this library's
              (\(Schema.migrations.count)) was written by a newer HabitFlow Core: opening it fails with a storage
              error naming both schema versions, and the file is left as it was (no migration runs
              backwards; upgrade the library, or restore a backup exported with `data.export`).
            - **Another program's database is refused, untouched.** A file whose `application_id`
              is not 0x\(String(SQLiteStore.applicationID, radix: 16, uppercase: true)) (nor 0 on an empty file, or a store written before the id)
              is not opened.
            - A schema change is a new migration: a release names it in CHANGELOG.md, and the
              previous release's fixture store keeps its answers.

            ## Migrations

            | # | name | file |
            |---|------|------|

            """
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Sources/HabitFlowSQLite/Migrations")).sorted()
        for (i, migration) in Schema.migrations.enumerated() {
            let file = files.first { $0.hasPrefix(String(format: "Migration%02d", i + 1)) } ?? "?"
            out += "| \(i + 1) | `\(migration.name)` | `\(file)` |\n"
        }
        out += "\n## Tables\n"
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { $0.text(0) }
        for table in tables {
            let kind = kinds[table]
            out += "\n### `\(table)`\(kind.map { " — record kind `\($0.rawValue)`" } ?? "")\n\n"
            var references: [String: String] = [:]
            for (column, parent, parentColumn) in try db.rows(
                "SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list('\(table)')", [],
                { s -> (String, String, String)? in
                    guard let c = s.text(0), let p = s.text(1) else { return nil }
                    return (c, p, s.text(2) ?? "")
                })
            {
                references[column] = "`\(parent).\(parentColumn)`"
            }
            out += "| column | type | not null | default | primary key | references |\n|---|---|---|---|---|---|\n"
            for row in try db.rows(
                "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info('\(table)') ORDER BY cid", [],
                { s -> String? in
                    let name = s.text(0) ?? "?"
                    let sync = kind.map { $0.columns.contains(name) } ?? true
                    let key = s.int64(4) > 0 ? "\(s.int64(4))" : ""
                    return
                        "| `\(name)`\(sync ? "" : " ¹") | \(s.text(1) ?? "") | \(s.int64(2) == 1 ? "yes" : "") | \(s.text(3) ?? "") | \(key) | \(references[name] ?? "") |"
                })
            {
                out += row + "\n"
            }
            let indexes = try db.rows(
                "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
                [.text(table)]
            ) { s -> String? in
                "- `\(s.text(0) ?? "?")`: `\(Self.oneLine(s.text(1) ?? ""))`"
            }
            let triggers = try db.rows(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? ORDER BY name", [.text(table)]
            ) { s -> String? in
                "- trigger `\(s.text(0) ?? "?")`"
            }
            if !indexes.isEmpty || !triggers.isEmpty { out += "\n" + (indexes + triggers).joined(separator: "\n") + "\n" }
        }
        out += "\n¹ Bookkeeping of this store, not a field of the record kind: never synced as a field.\n"
        out += "\n## The SQL, as SQLite holds it after the last migration\n\n```sql\n"
        out +=
            try db.rows("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type DESC, name") { $0.text(0) }.joined(
                separator: ";\n") + ";\n```\n"
        return out
    }

    /// `sql` with its runs of white space folded to one space.
    static func oneLine(_ sql: String) -> String {
        sql.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
