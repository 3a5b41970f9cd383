import HabitFlowCore
import Testing

/// The ids the engine makes when a client gives none, and the rule every id follows.
@Suite struct RecordIDTests {
    @Test func madeIdsAreVersion4UUIDsAndDiffer() throws {
        var seen = Set<String>()
        for _ in 0..<2000 {
            let id = RecordID.make()
            let bytes = Array(id.utf8)
            try #require(bytes.count == 36, "\(id)")
            for (i, b) in bytes.enumerated() {
                if [8, 13, 18, 23].contains(i) {
                    #expect(b == UInt8(ascii: "-"), "\(id)")
                } else {
                    #expect((0x30...0x39).contains(b) || (0x61...0x66).contains(b), "\(id)")
                }
            }
            #expect(bytes[14] == UInt8(ascii: "4"), "version 4: \(id)")
            #expect("89ab".utf8.contains(bytes[19]), "RFC 4122 variant: \(id)")
            #expect(throws: Never.self) { try RecordID.validate(id, field: "id") }
            seen.insert(id)
        }
        #expect(seen.count == 2000)
        // Every hex digit turns up in every random position (the bits are not stuck).
        let ids = Array(seen).map { Array($0.utf8) }
        for position in [0, 7, 9, 12, 15, 20, 24, 35] {
            #expect(Set(ids.map { $0[position] }).count == 16, "position \(position)")
        }
    }
}

/// The column descriptions' lookups agree with their lists, for every kind.
@Suite struct RecordKindTests {
    @Test func ordinalsAndColumnIndexesAgreeWithTheLists() {
        for (i, kind) in RecordKind.allCases.enumerated() {
            #expect(kind.ordinal == i, "\(kind)")
            for (j, column) in kind.columns.enumerated() { #expect(kind.index(of: column) == j, "\(kind).\(column)") }
            #expect(kind.index(of: "no_such_column") == nil)
        }
        #expect(RecordKind.allCases.sorted() == RecordKind.allCases)
    }
}
