/// Tiny helpers for the strict fixed-width formats of the time core.
enum ASCII {
    /// The value of `count` decimal digits at `offset`, or `nil` if any byte is not a digit.
    @inline(__always)
    static func digits(_ b: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for i in offset..<(offset + count) {
            let c = b[i] &- 48
            guard c < 10 else { return nil }
            value = value * 10 + Int(c)
        }
        return value
    }

    /// `value` zero-padded to `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
