@_spi(Faces) import HabitFlow
import HabitFlowCore

/// The options a C or Python host opens a store with:
/// `{"user", "zone", "now", "tzdata", "tzdataOnly"}`.
public enum OpenOptions {
    static let names = ["user", "zone", "now", "tzdata", "tzdataOnly"]

    /// Opens the engine for `path` (`nil`: the default store) with options JSON text; zones
    /// come from `tzdata` unless the options name their own.
    ///
    /// Always returns an engine: when the open fails, one that answers every store operation
    /// with the failure (time operations still work), and the error itself.
    public static func open(
        path: String?, options: UnsafeBufferPointer<UInt8>?, tzdata: TZData = .environment
    ) -> (Engine, ProtocolError?) {
        do throws(ProtocolError) {
            let value: JSONValue = try options.map { bytes throws(ProtocolError) in try JSONCodec.parse(bytes) } ?? .object([])
            guard case let .object(members) = value else {
                throw ProtocolError(.invalidArgument, "options must be a JSON object", field: "options")
            }
            for (key, _) in members where !names.contains(key) {
                throw ProtocolError(
                    .invalidArgument, "unknown option \"\(key)\" (\(names.joined(separator: ", ")))", field: "options." + key)
            }
            guard case let .string(user)? = value["user"] else {
                throw ProtocolError(.invalidArgument, "options.user (a string) is required", field: "options.user")
            }
            var zone: String? = nil
            switch value["zone"] {
            case nil, .null?: break
            case let .string(z)?: zone = z
            default: throw ProtocolError(.invalidArgument, "options.zone must be a string", field: "options.zone")
            }
            var now: Instant? = nil
            switch value["now"] {
            case nil, .null?: break
            case let .string(text)?:
                now = try ProtocolError.at("options.now") { () throws(TimeError) in try Instant(parsing: text) }
            default: throw ProtocolError(.invalidArgument, "options.now must be an RFC 3339 string", field: "options.now")
            }
            var chosen = tzdata
            switch (value["tzdata"], value["tzdataOnly"]) {
            case (nil, nil), (.null?, nil), (nil, .null?), (.null?, .null?): break
            case (let text, let only):
                let path: String?
                switch text {
                case nil, .null?: path = nil
                case let .string(t)?: path = t
                default: throw ProtocolError(.invalidArgument, "options.tzdata must be a string", field: "options.tzdata")
                }
                switch only {
                case nil, .null?: chosen = TZData(path)
                case let .bool(b)?: chosen = TZData(path, only: b)
                default: throw ProtocolError(.invalidArgument, "options.tzdataOnly must be true or false", field: "options.tzdataOnly")
                }
            }
            let zoneSource: TZifSourceChain
            do throws(TimeError) { zoneSource = try chosen.sources() } catch {
                throw ProtocolError(error, field: "options.tzdata")
            }
            let storePath = path ?? StoreLocation.defaultPath()
            let (engine, error) = Engine.open(storePath: storePath, user: user, zone: zone, now: now, zoneSource: zoneSource)
            guard let error else { return (engine, nil) }
            guard error.code == .storage else {
                var failure = ProtocolError(error)
                failure.field = error.field.map { "options." + $0 }
                throw failure
            }
            return (engine, ProtocolError(error))  // a handle that opens the store once it can
        } catch {
            let failed = HabitFlowError(engineCode(error.code), error.message, field: error.field)
            return (Engine(failedOpen: failed, zoneSource: tzdata.sourcesReportingErrors()), error)
        }
    }

    private static func engineCode(_ code: ErrorCode) -> HabitFlowError.Code {
        switch code {
        case .unknownZone: .unknownZone
        case .invalidDate: .invalidDate
        case .storage: .storage
        case .invalidArgument, .invalidJSON, .unknownOp: .invalidArgument
        case .limitExceeded: .limitExceeded
        case .notFound: .notFound
        case .conflict: .conflict
        case .confirmationRequired: .confirmationRequired
        case .forbidden: .forbidden
        case .internal: .internal
        }
    }
}
