import HabitFlowProtocol

/// The HTTP API as clients depend on it: each route with its query parameters or body
/// members and its answer's members, and the status each error code answers. The routes read
/// their query parameters from here (`ChangesRoutes`); bodies and answers are the engine's
/// sync operations', named from its operation table, so one field has one name and type on
/// every face. `docs/server-api-baseline.txt` is the API as released; `ServerAPIBaselineTests`
/// holds the table to it (`ProtocolBaseline.breaks`: nothing removed or retyped) and each
/// route's real answers to the table.
public enum ServerAPI {
    /// One route.
    public struct Route: Sendable {
        /// `GET /v1/changes`.
        public var name: String
        /// Its query parameters, or its JSON body's members.
        public var arguments: [Operation.Field]
        /// The members its answer may hold.
        public var result: [Operation.Field]

        /// The names of its arguments: the query parameters a GET reads.
        var parameters: Set<String> { Set(arguments.map(\.name)) }
    }

    /// The API's version: the `/v1` of every path.
    public static let version = 1

    static let since = Operation.Field(
        "since", "integer", required: false, "The cursor of the last page pulled (0 or absent: from the start).")
    static let limit = Operation.Field("limit", "integer", required: false, "The most records a page holds.")
    static let timeout = Operation.Field("timeout", "integer", required: false, "Seconds to wait when nothing is new (0–60, 25).")

    public static let health = Route(
        name: "GET /v1/health", arguments: [],
        result: [
            .init("ok", "boolean", "True: the server answers."), .init("version", "string", "The engine's version."),
            .init("schema", "integer", "The database's schema version."),
        ])
    public static let ready = Route(
        name: "GET /v1/ready", arguments: [],
        result: [.init("ready", "boolean", "True: a push would be taken now (the database answers and takes writes); else 503.")])
    public static let push = Route(
        name: "POST /v1/changes", arguments: engineFields("sync.apply", ["changes", "syncVersion"]),
        result: engineFields("sync.apply", ["applied", "ignored", "repairs", "goalsOverLimit"]))
    public static let pull = Route(
        name: "GET /v1/changes", arguments: [since, limit],
        result: engineFields("sync.changes", ["changes", "cursor", "more", "replicaId", "syncVersion"]))
    public static let watch = Route(name: "GET /v1/watch", arguments: [since, limit, timeout], result: pull.result)

    public static let routes = [health, ready, push, pull, watch]

    /// Each error code with the status it answers; `forbidden` without a token is 401, and
    /// `storage` while the database is unreachable is 503 (retry).
    public static var statuses: [(code: String, answer: String)] {
        ErrorCode.allCases.map { ($0.rawValue, "\(APIError($0, "").status.code)") } + [
            ("forbidden/authorization", "\(APIError(.forbidden, "", field: "authorization").status.code)"),
            ("storage/database", "\(APIError(.storage, "", field: "database").status.code)"),
        ]
    }

    /// The API as baseline text (`ProtocolBaseline.text`).
    public static var baseline: String {
        ProtocolBaseline.text(
            version: "\(version)", errors: statuses, operations: routes.map { ($0.name, $0.arguments, $0.result) })
    }

    /// The fields `names` of engine operation `operation`, as its table declares them.
    static func engineFields(_ operation: String, _ names: [String]) -> [Operation.Field] {
        let op = Dispatcher.operations.first { $0.name == operation }!
        return names.map { name in (op.arguments + op.result).first { $0.name == name }! }
    }
}
