/// The zones an engine has read, each parsed once and kept for the database's lifetime.
///
/// Lookups of a zone already loaded take no lock: the table is open-addressed over slots
/// that are written once (under a mutex, on first use of a name) and never change again, so
/// readers on any number of threads only load (`PublishedSlots`; on Apple systems before
/// macOS 15 / iOS 18 each load takes a lock). Unknown names are not cached:
/// each attempt asks the source again, so a zone installed later is found.
public final class TimeZoneDatabase: @unchecked Sendable {
    private static let capacity = 4096  // power of two; the tz database has ~600 ids
    /// Where zones are read from.
    public let source: any TZifSource
    private let slots = PublishedSlots(count: TimeZoneDatabase.capacity)
    /// Serialises loads; holds zones that did not fit the table (never in practice).
    private let writer = CoreLock()
    private var overflow: [String: Zone] = [:]  // under `writer`

    /// A database reading TZif bytes from `source`.
    public init(source: any TZifSource) {
        self.source = source
    }

    deinit {
        for i in 0..<Self.capacity {
            let bits = slots.load(i)
            if bits != 0 { Unmanaged<Zone>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
        }
    }

    /// The zone with id `name`.
    ///
    /// - Throws: `TimeError.unknownZone` when the id is not a safe zone id or the source has
    ///   no such zone (never a silent UTC); `TimeError.invalidZoneData` when its data is not
    ///   valid TZif.
    public func zone(named name: String) throws(TimeError) -> Zone {
        var copy = name
        let found: Zone? = copy.withUTF8 { bytes in
            withCachedZone(bytes) { $0 }
        }
        if let found { return found }
        do throws(TimeError) {
            try ZoneName.validate(name)
            return try load(name)
        } catch {
            // Not a file of the tz database: a POSIX TZ rule (`UTC0`, `CET-1CEST,M3.5.0,M10.5.0/3`),
            // as the C library reads $TZ, is a zone too — named by its text. Made anew each time
            // (no transitions to expand, so it is cheap): the cache holds only the database's
            // zones, a bounded set, whatever names callers send.
            guard case .unknownZone = error, name.utf8.count <= ZoneName.maxLength, let rule = PosixTimeZoneRule(parsing: name) else {
                throw error
            }
            if let misread = ZoneName.misreadRule(name, rule) { throw .unknownZone(name, reason: misread) }
            return try Zone(name: name, tzif: TZif.bytes(footer: name, standardOffset: rule.standardOffset))
        }
    }

    /// The zone a store already holds as a user's: as `zone(named:)`, and ids refused since a
    /// store saved them (`localtime`, `UTC+5`) still read as they did, so the store keeps
    /// working (the next change of zone must name a real one). Not cached.
    public func storedZone(named name: String) throws(TimeError) -> Zone {
        do throws(TimeError) { return try zone(named: name) } catch {
            guard case .unknownZone = error, name.utf8.count <= ZoneName.maxLength else { throw error }
            if let rule = PosixTimeZoneRule(parsing: name) {
                return try Zone(name: name, tzif: TZif.bytes(footer: name, standardOffset: rule.standardOffset))
            }
            if name == "localtime", let bytes = try source.tzifBytes(forZone: name) { return try Zone(name: name, tzif: bytes) }
            throw error
        }
    }

    /// Calls `body` with the cached zone whose id is the bytes, without retaining it;
    /// returns `nil` (and does not call `body`) when the zone is not loaded yet.
    ///
    /// This is the C entry points' path: no String, no lock, no reference counting.
    @inline(__always)
    public func withCachedZone<R>(_ name: UnsafeBufferPointer<UInt8>, _ body: (Zone) -> R) -> R? {
        var i = Int(truncatingIfNeeded: Self.hash(name)) & (Self.capacity - 1)
        for _ in 0..<Self.capacity {
            let bits = slots.load(i)
            if bits == 0 { return nil }
            let zone = Unmanaged<Zone>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
            let match = zone._withUnsafeGuaranteedRef { z in
                z.nameBytes.count == name.count && Self.equal(UnsafeBufferPointer(z.nameBytes), name)
            }
            if match { return zone._withUnsafeGuaranteedRef(body) }
            i = (i + 1) & (Self.capacity - 1)
        }
        return nil
    }

    /// The local day number of Unix second `t` in the cached zone whose id is the bytes, or
    /// `nil` when that zone is not loaded yet. Non-generic, so the C fast path pays for no
    /// generic dispatch: a hash, a compare, a bucket load.
    public func cachedDayNumber(zoneNamed name: UnsafeBufferPointer<UInt8>, at t: Int64) -> Int32? {
        withCachedZone(name) { $0.dayNumber(at: t) }
    }

    /// Loads a zone on first use. Validated names only.
    private func load(_ name: String) throws(TimeError) -> Zone {
        let result: Result<Zone, TimeError> = writer.withLock {
            if let zone = overflow[name] { return .success(zone) }
            var copy = name
            if let zone = copy.withUTF8({ bytes in withCachedZone(bytes) { $0 } }) { return .success(zone) }
            let found: [UInt8]?
            do throws(TimeError) { found = try source.tzifBytes(forZone: name) } catch { return .failure(error) }
            guard let bytes = found else {
                let asked = ((source as? TZifSourceChain)?.infos ?? [source.info]).map(\.label)
                return .failure(.unknownZone(name, reason: "no such zone in \(asked.joined(separator: " or "))"))
            }
            let zone: Zone
            do throws(TimeError) { zone = try Zone(name: name, tzif: bytes) } catch { return .failure(error) }
            if !publish(zone) { overflow[name] = zone }
            return .success(zone)
        }
        return try result.get()
    }

    /// Stores a zone in the first free slot of its probe sequence; `false` when full.
    private func publish(_ zone: Zone) -> Bool {
        let hash = Self.hash(UnsafeBufferPointer(zone.nameBytes))
        var i = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
        for _ in 0..<Self.capacity {
            if slots.load(i) == 0 {
                slots.publish(UInt(bitPattern: Unmanaged.passRetained(zone).toOpaque()), at: i)
                return true
            }
            i = (i + 1) & (Self.capacity - 1)
        }
        return false
    }

    /// Byte equality of two equally long buffers, eight bytes at a time.
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == b.count }
        let raw = (UnsafeRawPointer(pa), UnsafeRawPointer(pb))
        var i = 0
        while i &+ 8 <= a.count {
            if raw.0.loadUnaligned(fromByteOffset: i, as: UInt64.self) != raw.1.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i &+= 8
        }
        while i < a.count {
            if pa[i] != pb[i] { return false }
            i &+= 1
        }
        return true
    }

    /// A multiply-xor hash over eight-byte words (ids are short; the table holds only names
    /// that exist as files, so no seed is needed).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let p = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(p)
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var i = 0
        while i &+ 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h &>> 29
            i &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(p[i]) &<< shift
            shift &+= 8
            i &+= 1
        }
        h = (h ^ tail) &* 0x9E37_79B9_7F4A_7C15
        return h ^ (h &>> 32)
    }
}
