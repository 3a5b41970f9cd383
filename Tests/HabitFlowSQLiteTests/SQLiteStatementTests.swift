import Testing

@testable import HabitFlowSQLite

/// Values go into statements as they are: text by its bytes and count (no C string), so the
/// empty string stays text (not NULL) and any UTF-8 comes back byte for byte.
@Suite struct SQLiteStatementTests {
    @Test(arguments: ["", "a", "é", "日本語のメモ", String(repeating: "x", count: 5000), "two\nlines, 'quoted'"])
    func textRoundTrips(_ text: String) throws {
        let db = try SQLiteDatabase(path: ":memory:")
        let rows = try db.rows("SELECT ?1, typeof(?1), length(CAST(?1 AS BLOB))", [.text(text)]) { s -> [String?] in
            [s.text(0), s.text(1), s.text(2)]
        }
        #expect(rows == [[text, "text", String(text.utf8.count)]])
    }
}
