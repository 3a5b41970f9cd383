extension PosixTimeZoneRule {
    /// Parses a POSIX TZ string as TZif footers write it (RFC 8536 §3.3, with the version 3
    /// extensions: hours up to ±167 in rule times).
    ///
    /// - Returns: `nil` when the text is not a valid TZ string.
    public init?(parsing text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        guard scanner.name(), let std = scanner.offset(maxHours: 24) else { return nil }
        self.standardOffset = -std
        self.daylightSaving = nil
        if scanner.atEnd { return }
        guard scanner.name() else { return nil }
        var dstOffset = -std + 3600
        if !scanner.atEnd, scanner.peek != UInt8(ascii: ",") {
            guard let parsed = scanner.offset(maxHours: 24) else { return nil }
            dstOffset = -parsed
        }
        var start = DateRule.monthWeekDay(month: 3, week: 2, weekday: 0)
        var end = DateRule.monthWeekDay(month: 11, week: 1, weekday: 0)
        var startTime: Int32 = 7200
        var endTime: Int32 = 7200
        if !scanner.atEnd {
            guard scanner.take(UInt8(ascii: ",")), let s = scanner.dateRule() else { return nil }
            start = s
            if scanner.take(UInt8(ascii: "/")) {
                guard let t = scanner.offset(maxHours: 167) else { return nil }
                startTime = t
            }
            guard scanner.take(UInt8(ascii: ",")), let e = scanner.dateRule() else { return nil }
            end = e
            if scanner.take(UInt8(ascii: "/")) {
                guard let t = scanner.offset(maxHours: 167) else { return nil }
                endTime = t
            }
        }
        guard scanner.atEnd else { return nil }
        self.daylightSaving = DaylightSaving(
            offset: dstOffset, start: start, startTime: startTime, end: end, endTime: endTime)
    }
}

/// A cursor over the bytes of a TZ string.
private struct Scanner {
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[i] }

    mutating func take(_ c: UInt8) -> Bool {
        guard peek == c else { return false }
        i += 1
        return true
    }

    /// `[A-Za-z]{3,}` or `<[A-Za-z0-9+-]{3,}>`.
    mutating func name() -> Bool {
        let begin = i
        if take(UInt8(ascii: "<")) {
            while let c = peek, isAlpha(c) || isDigit(c) || c == 43 || c == 45 { i += 1 }
            guard i - begin - 1 >= 3, take(UInt8(ascii: ">")) else { return false }
            return true
        }
        while let c = peek, isAlpha(c) { i += 1 }
        return i - begin >= 3
    }

    /// An integer of 1 to `maxDigits` digits.
    mutating func number(maxDigits: Int) -> Int? {
        var value = 0
        var n = 0
        while let c = peek, isDigit(c) {
            guard n < maxDigits else { return nil }
            value = value * 10 + Int(c - 48)
            n += 1
            i += 1
        }
        return n == 0 ? nil : value
    }

    /// `[+-]hh[:mm[:ss]]` as seconds, sign as written (POSIX offsets are west-positive).
    mutating func offset(maxHours: Int) -> Int32? {
        var sign = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let h = number(maxDigits: 3), h <= maxHours else { return nil }
        var seconds = h * 3600
        if take(UInt8(ascii: ":")) {
            guard let m = number(maxDigits: 2), m < 60 else { return nil }
            seconds += m * 60
            if take(UInt8(ascii: ":")) {
                guard let s = number(maxDigits: 2), s < 60 else { return nil }
                seconds += s
            }
        }
        return Int32(sign * seconds)
    }

    mutating func dateRule() -> PosixTimeZoneRule.DateRule? {
        if take(UInt8(ascii: "J")) {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            return .julianNoLeap(n)
        }
        if take(UInt8(ascii: "M")) {
            guard let m = number(maxDigits: 2), (1...12).contains(m), take(UInt8(ascii: ".")),
                let w = number(maxDigits: 1), (1...5).contains(w), take(UInt8(ascii: ".")),
                let d = number(maxDigits: 1), (0...6).contains(d)
            else { return nil }
            return .monthWeekDay(month: m, week: w, weekday: d)
        }
        guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
        return .julianZeroBased(n)
    }

    private func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
    private func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}
