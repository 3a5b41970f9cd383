extension DayKey: CustomStringConvertible {
    /// `YYYY-MM-DD`.
    public var description: String {
        String(unsafeUninitializedCapacity: 10) { buffer in
            write(to: buffer.baseAddress!)
            return 10
        }
    }
}
