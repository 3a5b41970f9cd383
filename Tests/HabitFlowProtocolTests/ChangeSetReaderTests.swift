import HabitFlow
import Testing

@testable import HabitFlowProtocol

/// A change set read straight from the text (issue 28): what `ChangeSetReader` takes, the
/// standard parse (json-c's tree, then `ChangeJSON.change`) reads the same; whatever it does not
/// take is parsed the standard way, so errors are the standard ones.
@Suite struct ChangeSetReaderTests {
    static let stamp = "0001893499200000.000001.r1c20ea8eb9f698a8"

    /// A document of `records`, each `{kind, stamp, record}` text.
    static func document(_ records: [String]) -> String {
        #"{"format": "habitflow-export", "version": 1, "userId": "alice", "records": [\#(records.joined(separator: ", "))]}"#
    }

    static let entry =
        #"{"kind": "entry", "stamp": "\#(stamp)", "record": {"id": "e1", "ownerId": "alice", "habitId": "h1", "timestampUtc": "2020-09-06T09:00:00.000000000Z", "dayKey": "2020-09-06", "value": 69, "note": null, "source": "import", "createdAt": "2030-01-01T12:00:00.000000000Z", "updatedAt": "2030-01-01T12:00:00.000000000Z", "deletedAt": null, "multiplePerDay": 0}}"#

    /// The text read with its change set apart, when the reader took it (`nil` when the text
    /// was parsed whole, or refused).
    func split(_ text: String, at path: [String] = ["records"]) -> ParsedWithChanges? {
        var copy = text
        let parsed = copy.withUTF8 { try? JSONCodec.parse($0, changeSetAtFirstOf: [path], minimumBytes: 0) }
        return parsed?.changes == nil ? nil : parsed
    }

    /// The standard reading: the tree, with `[]` at `path`, and each change at `path` decoded.
    func standard(_ text: String, at path: [String] = ["records"]) -> (value: JSONValue, changes: [ChangeRecord])? {
        guard let value = try? JSONCodec.parse(text) else { return nil }
        func take(_ node: JSONValue, _ path: ArraySlice<String>) -> (JSONValue, [ChangeRecord])? {
            guard case let .object(members) = node, let key = path.first, members.contains(where: { $0.0 == key }) else { return nil }
            var changes: [ChangeRecord]?
            var out: [(String, JSONValue)] = []
            for (k, v) in members {
                guard k == key else {
                    out.append((k, v))
                    continue
                }
                if path.count == 1 {
                    guard case let .array(items) = v else { return nil }
                    var decoded: [ChangeRecord] = []
                    for (i, item) in items.enumerated() {
                        guard let change = try? ChangeJSON.change(item, at: "records[\(i)]") else { return nil }
                        decoded.append(change)
                    }
                    changes = decoded
                    out.append((k, .array([])))
                } else {
                    guard let (inner, found) = take(v, path.dropFirst()) else { return nil }
                    changes = found
                    out.append((k, inner))
                }
            }
            return changes.map { (.object(out), $0) }
        }
        return take(value, path[...])
    }

    /// What the reader takes, the standard parse reads the same.
    func expectSame(_ text: String, at path: [String] = ["records"], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let fast = split(text, at: path) else {
            Issue.record("not read apart: \(text)", sourceLocation: sourceLocation)
            return
        }
        let slow = standard(text, at: path)
        #expect(slow?.value == fast.value, "\(text)", sourceLocation: sourceLocation)
        #expect(slow?.changes == fast.changes, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func plainChangeSetsReadAsTheStandardParseDoes() {
        let s = Self.stamp
        let records = [
            Self.entry,
            // Every scalar, the kind after the record, fields out of column order, names not a column.
            #"{"record": {"id": "x", "a": true, "b": false, "c": -0, "d": 9007199254740992, "e": -9007199254740992, "f": 1.5, "g": -2.5e-3, "h": 1E2, "i": 0.1, "j": 12e+1, "k": 0}, "stamp": "\#(s)", "kind": "habit"}"#,
            // Escapes of every kind, raw UTF-8, a pair.
            #"{"kind": "habit", "stamp": "\#(s)", "record": {"name": "q\"b\\s\/b\bf\fn\nr\rt\tu\u00e9 é \ud83d\ude00 \u2028"}}"#,
            #"{"kind":"user","stamp":"\#(s)","record":{}}"#,
            "{ \"kind\" :\n\"entry\" ,\t\"stamp\"\r:\"\(s)\", \"record\" : { \"id\" : \"e2\" } }",
            // A kind unknown to the engine: the reader decodes it; applying refuses it.
            #"{"kind": "gadget", "stamp": "\#(s)", "record": {"id": "g"}}"#,
        ]
        expectSame(Self.document(records))
        expectSame(Self.document([]))
        for record in records { expectSame(Self.document([record])) }
        // Nested below an envelope, as a request holds a restore.
        expectSame(
            #"{"op": "data.import", "args": {"document": \#(Self.document(records))}, "requestId": 7}"#,
            at: ["args", "document", "records"])
        expectSame(
            #"{"requestId": "r", "args": {"document": \#(Self.document(records))}, "op": "data.import"}"#,
            at: ["args", "document", "records"])
    }

    /// Texts the reader leaves alone: each is parsed whole, with the standard result or error.
    @Test func anythingElseIsParsedWhole() {
        let s = Self.stamp
        func change(_ record: String, kind: String = #""entry""#, stamp: String? = nil) -> String {
            #"{"kind": \#(kind), "stamp": \#(stamp ?? "\"\(s)\""), "record": \#(record)}"#
        }
        let texts = [
            Self.document([change(#"{"id": "a", "id": "b"}"#)]),  // a repeated field (json-c keeps the last)
            Self.document([change(#"{"id": "a", "id": "b"}"#)]) + " ",
            Self.document([#"{"kind": "entry", "kind": "habit", "stamp": "\#(s)", "record": {}}"#]),
            Self.document([#"{"kind": "entry", "stamp": "\#(s)", "record": {}, "extra": 1}"#]),
            Self.document([#"{"kind": "entry", "record": {}}"#]),  // no stamp
            Self.document([change("{}", stamp: #""not a stamp""#)]),
            Self.document([change("{}", kind: "null")]),
            Self.document([change("{}", kind: "3")]),
            Self.document([change(#"{"id": {"nested": 1}}"#)]),
            Self.document([change(#"{"id": [1]}"#)]),
            Self.document([change(#"{"id": "a\u0000b"}"#)]),
            Self.document([change(#"{"value": 1e400}"#)]),
            Self.document([change(#"{"value": 9007199254740993}"#)]),
            Self.document([change(#"{"value": 123456789012345678901234}"#)]),
            Self.document([change(#"{"value": 01}"#)]),
            Self.document([change(#"{"value": 1.}"#)]),
            Self.document([change(#"{"value": .5}"#)]),
            Self.document([change(#"{"value": +1}"#)]),
            Self.document([change(#"{"value": tru}"#)]),
            Self.document([change(#"{"id": "\x"}"#)]),
            Self.document([change("{}") + ","]),
            Self.document([change("{}")]).replacing(#""records""#, with: #""rec\u006frds""#),
            #"{"records": [], "records": []}"#,
            #"{"records": {}}"#,
            #"{"format": "x"}"#,
            #"[]"#,
            Self.document([change("{}")]) + "x",
            String(Self.document([Self.entry]).dropLast(3)),
        ]
        for text in texts {
            #expect(split(text) == nil, "read apart: \(text)")
            // The public path answers as the standard parse does.
            var copy = text
            let mine = copy.withUTF8 { b in
                Result { () throws(ProtocolError) in try JSONCodec.parse(b, changeSetAtFirstOf: [["records"]], minimumBytes: 0) }
            }
            let theirs = Result { () throws(ProtocolError) in try JSONCodec.parse(text) }
            switch (mine, theirs) {
            case let (.success(a), .success(b)): #expect(a.value == b && a.changes == nil, "\(text)")
            case let (.failure(a), .failure(b)): #expect(a.code == b.code && a.message == b.message, "\(text)")
            default: Issue.record("\(text): \(mine) vs \(theirs)")
            }
        }
    }

    /// One walk serves every path: a text holding one of two paths is read apart at it, in
    /// either order of the paths; an empty path names no change set (the text is parsed whole).
    @Test func theFirstPathTheTextHoldsIsRead() {
        let document = Self.document([Self.entry])
        let request = #"{"op": "data.import", "args": {"document": \#(document)}}"#
        for paths in [[["args", "changes"], ["args", "document", "records"]], [["args", "document", "records"], ["args", "changes"]]] {
            var copy = request
            let parsed = copy.withUTF8 { try? JSONCodec.parse($0, changeSetAtFirstOf: paths, minimumBytes: 0) }
            #expect(parsed?.path == ["args", "document", "records"] && parsed?.changes?.count == 1, "\(paths)")
        }
        var copy = request
        let whole = copy.withUTF8 { try? JSONCodec.parse($0, changeSetAtFirstOf: [[]], minimumBytes: 0) }
        #expect(whole?.changes == nil && whole?.value == (try? JSONCodec.parse(request)))
    }

    /// Every one-byte change, deletion and cut of a document: whenever the reader takes the
    /// text, the standard parse takes it too and reads the same.
    @Test func noDamagedTextReadsOtherwise() {
        let s = Self.stamp
        let text = Self.document([
            Self.entry,
            #"{"kind":"habit","stamp":"\#(s)","record":{"id":"h\"1","v":-1.5e2,"t":true,"n":null}}"#,
        ])
        let bytes = Array(text.utf8)
        let replacements: [UInt8?] = [nil] + Array(#"" \{}[],:0-e.n\"#.utf8) + [0x00, 0xC3, 0x7F]
        var taken = 0, tried = 0
        for i in 0..<bytes.count {
            for r in replacements {
                var damaged = bytes
                if let r { damaged[i] = r } else { damaged.remove(at: i) }
                let damagedText = String(decoding: damaged, as: UTF8.self)
                guard String(validating: damaged, as: UTF8.self) != nil else { continue }
                tried += 1
                guard let fast = split(damagedText) else { continue }
                taken += 1
                let slow = standard(damagedText)
                #expect(slow?.value == fast.value && slow?.changes == fast.changes, "byte \(i) → \(r.map(String.init) ?? "deleted")")
            }
            expectCutIsNotTaken(bytes, at: i)
        }
        #expect(tried > 5_000 && taken > 500, "\(taken) of \(tried)")
    }

    func expectCutIsNotTaken(_ bytes: [UInt8], at i: Int) {
        let cut = String(decoding: bytes[..<i], as: UTF8.self)
        #expect(split(cut) == nil, "cut at \(i)")
    }
}
