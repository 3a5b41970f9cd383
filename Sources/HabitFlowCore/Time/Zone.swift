/// One IANA time zone: its UTC offset at every instant, parsed once from TZif.
///
/// Layout follows jiff's TZif tables: the transition instants in one contiguous `Int64`
/// array and the offsets in a parallel `Int32` array, searched by binary search. The POSIX
/// footer rule is expanded into the same table up to `precomputedThroughYear`, so present-day
/// lookups never evaluate the rule; only instants past that horizon compute it on the fly.
///
/// A `Zone` is immutable after `init` and safe to share between threads; its lookups
/// allocate nothing and take no lock.
public final class Zone: @unchecked Sendable {
    /// The zone id, e.g. `Europe/Amsterdam`.
    public let name: String
    /// The id's UTF-8 bytes, outside ARC: lookups by name from many threads compare them
    /// without touching a reference count (a shared atomic counter would make threads contend).
    let nameBytes: UnsafeMutableBufferPointer<UInt8>

    /// Transition instants, ascending (`count` = n; at least one slot is allocated).
    @usableFromInline let times: UnsafeMutableBufferPointer<Int64>
    /// `offsets[i]` is the offset in force before `times[i]`; `offsets[n]` after the last.
    @usableFromInline let offsets: UnsafeMutableBufferPointer<Int32>
    @usableFromInline let transitionCount: Int
    /// Instants at or after this use `rule` directly.
    @usableFromInline let ruleFrom: Int64
    let rule: PosixTimeZoneRule?
    /// A direct index over 1900 ..< 2101, the instants nearly every query asks about:
    /// `bucketStart[b]` = the number of transitions before bucket `b` (2^22 s ≈ 48.5 days),
    /// so a lookup is one load and a step or two instead of a binary search.
    @usableFromInline let buckets: UnsafeMutableBufferPointer<UInt16>
    @usableFromInline static let bucketShift: Int64 = 22
    @usableFromInline static let indexStart: Int64 = -2_208_988_800  // 1900-01-01T00:00:00Z
    @usableFromInline static let indexEnd: Int64 = 4_133_980_800  // 2101-01-01T00:00:00Z
    /// The smallest and largest offsets the zone ever uses: they bound the instants of a day.
    let minOffset: Int64
    let maxOffset: Int64
    /// The transitions that move the clock forward half a day or more (Pacific/Apia's
    /// 2011-12-30): the only places a whole local day can be skipped. Almost always none.
    let largeForwardJumps: [Int64]

    /// The default horizon of the precomputed table.
    public static let defaultPrecomputedThroughYear = 2100

    /// Parses a zone from TZif bytes.
    ///
    /// - Parameter precomputedThroughYear: the last year whose footer-rule transitions are
    ///   stored in the table (later instants evaluate the rule). Tests lower it to check the
    ///   rule path against the table.
    /// - Throws: `TimeError.invalidZoneData` when the bytes are not valid TZif.
    public init(
        name: String, tzif bytes: [UInt8],
        precomputedThroughYear: Int = Zone.defaultPrecomputedThroughYear
    ) throws(TimeError) {
        let data = try TZif(bytes: bytes, zone: name)
        self.name = name
        let utf8 = Array(name.utf8)
        nameBytes = .allocate(capacity: utf8.count)
        _ = nameBytes.initialize(from: utf8)

        var times = data.transitions
        var after = data.offsets
        var before = data.initialOffset
        var ruleFrom = Int64.max
        if let rule = data.footer {
            if let last = times.last {
                // Past the last transition the footer decides (RFC 8536 §3.3), as in
                // Python's zoneinfo, even where the table's last type says otherwise.
                after[after.count - 1] = rule.offset(at: last)
                let horizon =
                    Int64(Civil.dayNumber(year: precomputedThroughYear + 1, month: 1, day: 1))
                    * Civil.secondsPerDay
                if rule.year(at: last) < 1800 {
                    // Only "big bang" style transitions: evaluate the rule on the fly rather
                    // than expanding centuries of it.
                    ruleFrom = last + 1
                } else {
                    ruleFrom = Swift.max(horizon, last + 1)
                    rule.forEachChange(after: last, through: ruleFrom - 1) { at, offset in
                        times.append(at)
                        after.append(offset)
                    }
                }
            } else {
                // No transitions at all: the footer rules every instant.
                ruleFrom = Int64.min
                before = rule.offset(at: 0)
            }
        }
        self.rule = data.footer
        self.ruleFrom = ruleFrom
        transitionCount = times.count

        self.times = .allocate(capacity: Swift.max(times.count, 1))
        _ = self.times.initialize(from: times)
        self.offsets = .allocate(capacity: times.count + 1)
        self.offsets[0] = before
        for (i, o) in after.enumerated() { self.offsets[i + 1] = o }

        var lo = Int64(before), hi = Int64(before)
        for o in after {
            lo = Swift.min(lo, Int64(o))
            hi = Swift.max(hi, Int64(o))
        }
        if let rule = data.footer {
            for o in [rule.standardOffset, rule.daylightSaving?.offset ?? rule.standardOffset] {
                lo = Swift.min(lo, Int64(o))
                hi = Swift.max(hi, Int64(o))
            }
        }
        minOffset = lo
        maxOffset = hi
        var jumps: [Int64] = []
        var previous = before
        for (t, o) in zip(times, after) {
            if o - previous >= 12 * 3600 { jumps.append(t) }
            previous = o
        }
        largeForwardJumps = jumps

        let bucketCount = Int((Zone.indexEnd - Zone.indexStart) >> Zone.bucketShift) + 1
        buckets = .allocate(capacity: bucketCount)
        var i = 0
        for b in 0..<bucketCount {
            let start = Zone.indexStart + Int64(b) << Zone.bucketShift
            while i < times.count, times[i] < start { i += 1 }
            buckets[b] = UInt16(truncatingIfNeeded: Swift.min(i, Int(UInt16.max)))
        }
        if times.count >= Int(UInt16.max) { buckets.update(repeating: 0) }  // never in real data: search from 0
    }

    deinit {
        nameBytes.deallocate()
        times.deallocate()
        offsets.deallocate()
        buckets.deallocate()
    }

    // MARK: Instant → offset → day

    /// The number of table transitions at or before `t`: the index of `t`'s offset.
    @inlinable @inline(__always)
    func tableIndex(_ t: Int64) -> Int {
        let base = times.baseAddress.unsafelyUnwrapped
        if t >= Zone.indexStart, t < Zone.indexEnd {
            // The bucket gives the transitions before its start; step over the few inside it.
            var i = Int(buckets[Int((t &- Zone.indexStart) &>> Zone.bucketShift)])
            while i < transitionCount, base[i] <= t { i &+= 1 }
            return i
        }
        var lo = 0
        var length = transitionCount
        while length > 0 {
            let half = length &>> 1
            let mid = lo &+ half
            let atOrBefore = base[mid] <= t
            lo = atOrBefore ? mid &+ 1 : lo
            length = atOrBefore ? length &- half &- 1 : half
        }
        return lo
    }

    /// The UTC offset, in seconds east, at Unix second `t`.
    @inlinable @inline(__always)
    public func offset(at t: Int64) -> Int32 {
        if t >= ruleFrom { return ruleOffset(at: t) }
        return offsets[tableIndex(t)]
    }

    /// The footer rule's offset: past the table only, so kept out of the hot path.
    @usableFromInline @inline(never)
    func ruleOffset(at t: Int64) -> Int32 {
        rule?.offset(at: t) ?? offsets[transitionCount]
    }

    /// The local day number (days since 1970-01-01) of Unix second `t`.
    ///
    /// `t` must lie in the supported instant range (`Instant.minSeconds ..< endSeconds`);
    /// `Instant` guarantees it.
    @inlinable @inline(__always)
    public func dayNumber(at t: Int64) -> Int32 {
        Int32(truncatingIfNeeded: Civil.floorDiv(t &+ Int64(offset(at: t)), Civil.secondsPerDay))
    }

    /// The DayKey of an instant in this zone: its local civil date.
    @inlinable @inline(__always)
    public func dayKey(at instant: Instant) -> DayKey {
        DayKey(uncheckedDayNumber: dayNumber(at: instant.seconds))
    }

    // MARK: Day → instants

    /// The DayKey of an instant for days that begin at `start`: the local date of its wall
    /// time moved back by `start` (with 04:00, 03:30 on the 30th is the 29th).
    @inlinable
    public func dayKey(at instant: Instant, dayStart start: DayStart) -> DayKey {
        let t = instant.seconds
        return DayKey(
            uncheckedDayNumber: Int32(truncatingIfNeeded: Civil.floorDiv(t &+ Int64(offset(at: t)) &- start.seconds, Civil.secondsPerDay)))
    }

    /// The instants of local day `day` (Temporal's `startOfDay` semantics; see `DayRange`).
    ///
    /// - Parameter dayStart: when days begin: the day runs from that wall time to the next
    ///   day's (the first instant after it when it falls in a gap; the first of two when it
    ///   occurs twice); midnight by default.
    /// - Throws: `TimeError.invalidDayKey` for 9999-12-31, whose end (the start of year
    ///   10000) RFC 3339 cannot write.
    public func range(of day: DayKey, dayStart: DayStart = .midnight) throws(TimeError) -> DayRange {
        guard day < DayKey.max else {
            throw .invalidDayKey(day.description, reason: "the last supported day with a range is 9999-12-30")
        }
        let l0 = Int64(day.dayNumber) * Civil.secondsPerDay + dayStart.seconds
        let l1 = l0 + Civil.secondsPerDay
        var intervals = InstantIntervals()
        var next: Int64? = nil
        // One pass over the segments that can hold the day or the next one.
        forEachSegment(from: l0 - maxOffset, to: l1 + Civil.secondsPerDay - minOffset) { start, end, offset in
            let o = Int64(offset)
            intervals.add(start: Swift.max(start, l0 - o), end: Swift.min(end, l1 - o))
            if next == nil {
                let a = Swift.max(start, l1 - o), b = Swift.min(end, l1 + Civil.secondsPerDay - o)
                if a < b { next = a }
            }
        }
        guard !intervals.overflowed else {
            throw .invalidZoneData(name, reason: "\(day) would have more than \(InstantIntervals.capacity) separate intervals")
        }
        guard !intervals.isEmpty else { return DayRange(day: day, intervals: intervals, end: nil) }
        var k: Int64 = 2
        while next == nil, k <= 7 {
            // The next date was skipped too (never more than one in the tz database): look on.
            next = firstInstant(localFrom: l0 + k * Civil.secondsPerDay)
            k += 1
        }
        return DayRange(day: day, intervals: intervals, end: next ?? intervals.last!.end)
    }

    /// The first instant whose local time lies in `[local, local + 1 day)`, if any.
    private func firstInstant(localFrom local: Int64) -> Int64? {
        var first: Int64? = nil
        forEachSegment(from: local - maxOffset, to: local + Civil.secondsPerDay - minOffset) { start, end, offset in
            let o = Int64(offset)
            let a = Swift.max(start, local - o), b = Swift.min(end, local + Civil.secondsPerDay - o)
            if first == nil, a < b { first = a }
        }
        return first
    }

    /// Calls `body` for each constant-offset segment `[start, end)` overlapping `[lo, hi]`,
    /// in time order. Segment bounds are clamped to the window.
    @inline(__always)
    private func forEachSegment(
        from lo: Int64, to hi: Int64,
        _ body: (_ start: Int64, _ end: Int64, _ offset: Int32) -> Void
    ) {
        var start = lo
        if lo < ruleFrom {
            var i = tableIndex(lo)
            while true {
                let boundary = i < transitionCount ? times[i] : ruleFrom
                if boundary > hi {
                    body(start, hi &+ 1, offsets[i])
                    return
                }
                body(start, boundary, offsets[i])
                start = boundary
                if i == transitionCount { break }
                i += 1
            }
        }
        // Past the table: the footer rule, evaluated year by year.
        guard let rule else { return }
        var offset = rule.offset(at: start)
        rule.forEachChange(after: start, through: hi) { at, next in
            body(start, at, offset)
            start = at
            offset = next
        }
        body(start, hi &+ 1, offset)
    }

    // MARK: Transitions

    /// The transitions in `[from, to]` that change the offset: `(instant, before, after)`.
    ///
    /// Used to list the days worth checking (and by tests); not a hot path.
    public func transitions(from: Int64, to: Int64) -> [(at: Int64, before: Int32, after: Int32)] {
        var result: [(at: Int64, before: Int32, after: Int32)] = []
        var previous: Int32? = nil
        forEachSegment(from: from, to: to) { start, _, offset in
            if let p = previous, p != offset { result.append((start, p, offset)) }
            previous = offset
        }
        return result
    }

    /// The local days, as day numbers ascending, that this zone skipped whole for days that
    /// begin at `dayStart` (Pacific/Apia has no 2011-12-30): a forward jump of a day or more
    /// leaves the dates strictly between the one before it and the one after it with no instant.
    public func skippedDays(dayStart: DayStart = .midnight) -> [Int32] {
        var out: [Int32] = []
        for t in largeForwardJumps {
            let before = dayKey(at: Instant(uncheckedSeconds: t - 1), dayStart: dayStart).dayNumber
            let after = dayKey(at: Instant(uncheckedSeconds: t), dayStart: dayStart).dayNumber
            if after - before > 1 { out += Array((before + 1)..<after) }
        }
        return out
    }
}
