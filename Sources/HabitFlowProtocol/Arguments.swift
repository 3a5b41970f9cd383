import HabitFlow

/// The `args` object of a request, read with its types checked and its field named in
/// every error (`args.zone`).
public struct Arguments {
    let members: [(String, JSONValue)]
    /// What field names are prefixed with in errors: `args.`, or `args.entries[3].` for an
    /// object inside an array argument.
    let prefix: String
    /// The operation's change set, read apart from `members` (`Operation.changeSetPath`);
    /// `nil` when the members hold it as JSON.
    let changeSet: [ChangeRecord]?

    init(_ members: [(String, JSONValue)], prefix: String = "args.", changeSet: [ChangeRecord]? = nil) {
        self.members = members
        self.prefix = prefix
        self.changeSet = changeSet
    }

    private func member(_ name: String) -> JSONValue? {
        members.last(where: { $0.0 == name })?.1
    }

    func field(_ name: String) -> String { prefix + name }

    /// Refuses members not in `names`.
    func requireOnly(_ names: [String]) throws(ProtocolError) {
        for (key, _) in members where !names.contains(key) {
            throw ProtocolError(.invalidArgument, "unknown field \"\(key)\"", field: field(key))
        }
    }

    private func wrongType(_ name: String, _ expected: String, _ got: JSONValue) -> ProtocolError {
        ProtocolError(
            .invalidArgument, "\(field(name)) must be \(expected), not \(got.typeName)",
            field: field(name))
    }

    /// A required string.
    func string(_ name: String) throws(ProtocolError) -> String {
        guard let value = try optionalString(name) else {
            throw ProtocolError(.invalidArgument, "\(field(name)) is required", field: field(name))
        }
        return value
    }

    /// An optional string; `null` counts as absent.
    func optionalString(_ name: String) throws(ProtocolError) -> String? {
        switch member(name) {
        case nil, .null?: return nil
        case let .string(s)?:
            guard s.utf8.count <= Operation.maxStringBytes else {
                throw ProtocolError(
                    .limitExceeded, "\(field(name)) is longer than \(Operation.maxStringBytes) bytes",
                    field: field(name))
            }
            return s
        case let other?: throw wrongType(name, "a string", other)
        }
    }

    /// A required zone id, resolved to its zone.
    func zone(_ name: String, in engine: Engine) throws(ProtocolError) -> Zone {
        let id = try string(name)
        return try ProtocolError.at(field(name)) { () throws(TimeError) in try engine.zone(named: id) }
    }

    /// A required `YYYY-MM-DD` day.
    func dayKey(_ name: String) throws(ProtocolError) -> DayKey {
        let text = try string(name)
        return try ProtocolError.at(field(name)) { () throws(TimeError) in try DayKey(parsing: text) }
    }

    /// A required RFC 3339 instant.
    func instant(_ name: String) throws(ProtocolError) -> Instant {
        let text = try string(name)
        return try ProtocolError.at(field(name)) { () throws(TimeError) in try Instant(parsing: text) }
    }

    /// An optional weekday name (`"monday"`), with a default.
    func weekday(_ name: String, default fallback: Weekday) throws(ProtocolError) -> Weekday {
        guard let text = try optionalString(name) else { return fallback }
        guard let day = Weekday(name: text) else {
            throw ProtocolError(
                .invalidArgument,
                "\(field(name)) must be a lowercase weekday name such as \"monday\"",
                field: field(name))
        }
        return day
    }

    /// An optional boolean.
    func bool(_ name: String, default fallback: Bool) throws(ProtocolError) -> Bool {
        switch member(name) {
        case nil, .null?: return fallback
        case let .bool(b)?: return b
        case let other?: throw wrongType(name, "true or false", other)
        }
    }

    /// An optional boolean with no default (`nil`: absent or null).
    func optionalBool(_ name: String) throws(ProtocolError) -> Bool? {
        switch member(name) {
        case nil, .null?: return nil
        case let .bool(b)?: return b
        case let other?: throw wrongType(name, "true or false", other)
        }
    }

    /// An optional finite number.
    func number(_ name: String) throws(ProtocolError) -> Double? {
        switch member(name) {
        case nil, .null?: return nil
        case let .int(i)?: return Double(i)
        case let .double(d)?: return d
        case let other?: throw wrongType(name, "a number", other)
        }
    }

    /// A required finite number.
    func requiredNumber(_ name: String) throws(ProtocolError) -> Double {
        guard let value = try number(name) else {
            throw ProtocolError(.invalidArgument, "\(field(name)) is required", field: field(name))
        }
        return value
    }

    /// An optional whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(ProtocolError) -> Int? {
        switch member(name) {
        case nil, .null?: return nil
        case let .int(i)? where range.contains(Int(i)): return Int(i)
        case .int?:
            throw ProtocolError(
                .invalidArgument, "\(field(name)) must be \(range.lowerBound) to \(range.upperBound)",
                field: field(name))
        case let other?: throw wrongType(name, "a whole number", other)
        }
    }

    /// An optional `YYYY-MM-DD` day.
    func optionalDayKey(_ name: String) throws(ProtocolError) -> DayKey? {
        guard let text = try optionalString(name) else { return nil }
        return try ProtocolError.at(field(name)) { () throws(TimeError) in try DayKey(parsing: text) }
    }

    /// An optional day start, `HH:MM` from 00:00 to 12:00.
    func dayStart(_ name: String) throws(ProtocolError) -> DayStart? {
        guard let text = try optionalString(name) else { return nil }
        do throws(HabitFlowError) { return try DayStart(parsing: text, field: name) } catch {
            throw ProtocolError(.invalidArgument, error.message, field: field(name))
        }
    }

    /// An optional RFC 3339 instant.
    func optionalInstant(_ name: String) throws(ProtocolError) -> Instant? {
        guard let text = try optionalString(name) else { return nil }
        return try ProtocolError.at(field(name)) { () throws(TimeError) in try Instant(parsing: text) }
    }

    /// An optional member of a closed set of names.
    func choice<T>(_ name: String, _ options: [(String, T)]) throws(ProtocolError) -> T? {
        guard let text = try optionalString(name) else { return nil }
        guard let match = options.first(where: { $0.0 == text }) else {
            throw ProtocolError(
                .invalidArgument,
                "\(field(name)) must be one of " + options.map { "\"\($0.0)\"" }.joined(separator: ", "),
                field: field(name))
        }
        return match.1
    }

    /// An optional array of strings (at most `limit`); `nil` when absent or null.
    func stringList(_ name: String, limit: Int = 1000) throws(ProtocolError) -> [String]? {
        switch member(name) {
        case nil, .null?: return nil
        case let .array(items)?:
            guard items.count <= limit else {
                throw ProtocolError(.limitExceeded, "\(field(name)) has more than \(limit) items", field: field(name))
            }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case let .string(s) = item else {
                    throw ProtocolError(.invalidArgument, "\(field(name))[\(i)] must be a string", field: "\(field(name))[\(i)]")
                }
                out.append(s)
            }
            return out
        case let other?: throw wrongType(name, "an array of strings", other)
        }
    }

    /// The raw value of a member, for structured arguments.
    func raw(_ name: String) -> JSONValue? { member(name) }
}
