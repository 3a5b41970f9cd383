import Testing

@testable import HabitFlowProtocol

/// `JSONCodec.firstTextFlaw` reads eight bytes at a time and steps to the first that matters:
/// every flaw is found at its byte wherever it falls in a word, also right after a string
/// opens or closes in the same word, and no plain text is refused, at every alignment.
@Suite struct TextFlawTests {
    static func flaw(_ text: [UInt8]) -> Int? {
        text.withUnsafeBufferPointer { JSONCodec.firstTextFlaw($0)?.offset }
    }

    @Test func aFlawIsFoundAtItsByteAtEveryAlignment() {
        let flaws: [(name: String, bytes: [UInt8], at: Int)] = [
            ("a control character in a string", [0x01], 0), ("a tab in a string", [0x09], 0), ("a stray byte", [0xFF], 0),
            ("a truncated sequence", [0xC3, 0x28], 0), ("an encoded surrogate", [0xED, 0xA0, 0x80], 0),
            ("a lone high surrogate escape", Array(#"\uD800x"#.utf8), 0), ("a lone low surrogate escape", Array(#"\uDC00"#.utf8), 0),
            ("a control character in the next string", Array(#"",""#.utf8) + [0x1F], 3),
            ("a control character after an escaped quote", Array(#"\""#.utf8) + [0x0A], 2),
            ("a stray byte between strings", Array(#"", "#.utf8) + [0x80] + Array(#" ""#.utf8), 3),
            ("a control character after a two-byte character", Array("é".utf8) + [0x01], 2),
        ]
        for (name, bytes, at) in flaws {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 9, 17] {
                    let head = Array(#"{"a":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: before)
                    let text = head + bytes + Array(repeating: UInt8(ascii: "y"), count: after) + Array(#""}"#.utf8)
                    #expect(Self.flaw(text) == head.count + at, "\(name), \(before) bytes before, \(after) after")
                }
            }
        }
    }

    /// A lead byte followed by no continuation byte is a cut sequence, not an overlong form.
    @Test func aFlawSaysWhatItIs() {
        let cases: [([UInt8], String)] = [
            ([0xC3, 0x28], "truncated"), ([0xE2, 0x82, 0x28], "truncated"), ([0xC3], "truncated"),
            ([0xED, 0xA0, 0x80], "surrogate"), ([0xE0, 0x80, 0x80], "overlong"), ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
            ([0x01], "control character"), ([0xFF], "byte 0xff"),
        ]
        for (bytes, words) in cases {
            let text = Array(#"{"a":""#.utf8) + bytes + Array(#""}"#.utf8)
            let reason = text.withUnsafeBufferPointer { JSONCodec.firstTextFlaw($0)?.reason } ?? ""
            #expect(reason.contains(words), "\(bytes): \(reason)")
        }
    }

    @Test func plainTextPassesAtEveryAlignment() {
        let plain: [[UInt8]] = [
            Array(#"\"quoted\""#.utf8), Array(#"back\\slash"#.utf8), Array("é and 😀 and ü".utf8), Array(#"\uD83D\uDE00"#.utf8),
            Array(#"", "b": 1, "c": ""#.utf8), Array("\",\t\n\"b\":[\r\n\"".utf8), Array(#"\\\"\"\\"#.utf8),
        ]
        for bytes in plain {
            for before in 0..<20 {
                for after in [0, 1, 7, 8, 9, 17] {
                    let text =
                        Array("{\n\t\"a\": \"".utf8) + Array(repeating: UInt8(ascii: "x"), count: before) + bytes
                        + Array(repeating: UInt8(ascii: "y"), count: after) + Array("\"\r\n}".utf8)
                    #expect(Self.flaw(text) == nil, "\(String(decoding: bytes, as: UTF8.self)), \(before) before, \(after) after")
                }
            }
        }
    }
}
