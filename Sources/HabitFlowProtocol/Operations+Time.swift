@_spi(Faces) import HabitFlow
import HabitFlowCore

extension Operation {
    /// The optional day start of `time.dayKey` and `time.dayRange`.
    static let dayStartField = Field(
        "dayStartsAt", "string", required: false,
        "`HH:MM`, 00:00 (default) to 12:00: days begin then (from that wall time to the next day's; the first instant after it in a DST gap)."
    )

    /// `time.*` and `engine.*`: the time core and the engine's identity.
    static let timeOperations: [Operation] = [
        Operation(
            "time.dayKey", "The DayKey (local civil date) of an instant in a zone.",
            arguments: [
                Field("zone", "string", "IANA zone id, e.g. `Europe/Amsterdam`."),
                Field("instant", "string", "RFC 3339 instant (`Z` or `±hh:mm`, optional fraction)."),
                dayStartField,
            ],
            result: [Field("dayKey", "string", "`YYYY-MM-DD`.")],
            errors: [.invalidArgument, .unknownZone, .invalidDate]
        ) { engine, args throws(ProtocolError) in
            let days = LocalDays(zone: try args.zone("zone", in: engine), dayStart: try args.dayStart("dayStartsAt") ?? .midnight)
            let instant = try args.instant("instant")
            return .object([("dayKey", .string(days.dayKey(at: instant).description))])
        },
        Operation(
            "time.dayRange",
            "The UTC instants of a local day (Temporal `startOfDay` semantics), exactly, as intervals.",
            arguments: [
                Field("zone", "string", "IANA zone id."),
                Field("dayKey", "string", "`YYYY-MM-DD`, up to 9999-12-30."),
                dayStartField,
            ],
            result: [
                Field("exists", "boolean", "False when the zone skipped the day (Pacific/Apia 2011-12-30)."),
                Field("start", "string|null", "The first instant of the day, RFC 3339 UTC."),
                Field("end", "string|null", "The start of the next local date that exists."),
                Field("hours", "number|null", "`end − start` in hours (23, 23.5, 24, 25, ...)."),
                Field(
                    "intervals", "array",
                    "`[{start, end}]`: every instant with this local date, half-open; two when a backward transition crosses midnight, none when the day does not exist."
                ),
            ],
            errors: [.invalidArgument, .unknownZone, .invalidDate]
        ) { engine, args throws(ProtocolError) in
            let days = LocalDays(zone: try args.zone("zone", in: engine), dayStart: try args.dayStart("dayStartsAt") ?? .midnight)
            let day = try args.dayKey("dayKey")
            return dayRangeJSON(try ProtocolError.at("args.dayKey") { () throws(TimeError) in try days.range(of: day) })
        },
        Operation(
            "time.week",
            "The DayKeys of the week containing a day: seven, or fewer in the one short week a change of the user's first weekday leaves.",
            arguments: [
                Field("dayKey", "string", "`YYYY-MM-DD`."),
                Field(
                    "firstWeekday", "string", required: false,
                    "`monday` ... `sunday`: weeks of seven days on it. Absent: the user's weeks as they were on that day (with a store), else `monday`."
                ),
            ],
            result: [
                Field("start", "string", "The week's first DayKey, which names the week."),
                Field("days", "array", "The week's DayKeys in order."),
                Field("firstWeekday", "string", "The first weekday weeks start on then (a short week begins on another day)."),
            ],
            errors: [.invalidArgument, .invalidDate]
        ) { engine, args throws(ProtocolError) in
            let day = try args.dayKey("dayKey")
            let week: Week
            if args.raw("firstWeekday") == nil, engine.userId != nil {
                week = try ProtocolError.engine { () throws(HabitFlowError) in try engine.userWeek(containing: day) }
            } else {
                let first = try args.weekday("firstWeekday", default: .monday)
                week = try ProtocolError.at("args.dayKey") { () throws(TimeError) in
                    try engine.week(containing: day, firstWeekday: first)
                }
            }
            return .object([
                ("start", .string(week.start.description)),
                ("days", .array(week.days.map { .string($0.description) })),
                ("firstWeekday", .string(week.firstWeekday.name)),
            ])
        },
        Operation(
            "engine.version", "The engine's version, the protocol's and the licence.",
            arguments: [],
            result: [
                Field("version", "string", "`MAJOR.MINOR.PATCH`, as `hf_version()`."),
                Field("versionNumber", "integer", "As `hf_version_number()`."),
                Field("protocolVersion", "integer", "Bumped on incompatible request or response changes."),
                Field("license", "string", "The licence's SPDX identifier: `Apache-2.0`."),
            ],
            errors: []
        ) { _, _ throws(ProtocolError) in
            .object([
                ("version", .string(HabitFlowVersion.string)),
                ("versionNumber", .int(Int64(HabitFlowVersion.number))),
                ("protocolVersion", .int(Int64(HabitFlowVersion.protocolVersion))),
                ("license", .string(HabitFlowVersion.license)),
            ])
        },
        Operation(
            "engine.info", "What this engine accepts and reads: its operations, input limits and tz data.",
            arguments: [],
            result: [
                Field("version", "string", "As `engine.version`."),
                Field("operations", "array", "Every operation name, sorted."),
                Field("limits", "object", "`maxRequestBytes`, `maxDepth`, `maxStringBytes`."),
                Field(
                    "tzdata", "object",
                    "The tz data in use: `source` (`file`, `system`, `embedded` or `custom`), `version` (`2025b`; null when "
                        + "the data does not say), `path` (null for the embedded copy), and `sources`, each such object in the "
                        + "order asked (a zone comes from the first that has it)."),
            ],
            errors: []
        ) { engine, _ throws(ProtocolError) in
            .object([
                ("version", .string(HabitFlowVersion.string)),
                ("operations", .array(Dispatcher.operations.map(\.name).sorted().map(JSONValue.string))),
                (
                    "limits",
                    .object([
                        ("maxRequestBytes", .int(Int64(JSONCodec.maxRequestBytes))),
                        ("maxDepth", .int(Int64(JSONCodec.maxDepth))),
                        ("maxStringBytes", .int(Int64(Operation.maxStringBytes))),
                    ])
                ),
                ("tzdata", tzdataJSON(engine.zones.source)),
            ])
        },
    ]

    static func tzdataJSON(_ source: any TZifSource) -> JSONValue {
        func json(_ info: TZDataInfo) -> [(String, JSONValue)] {
            [
                ("source", .string(info.source.rawValue)), ("version", info.version.map(JSONValue.string) ?? .null),
                ("path", info.path.map(JSONValue.string) ?? .null),
            ]
        }
        let all = (source as? TZifSourceChain)?.infos ?? [source.info]
        return .object(json(source.info) + [("sources", .array(all.map { .object(json($0)) }))])
    }

    static func dayRangeJSON(_ range: DayRange) -> JSONValue {
        func instant(_ seconds: Int64?) -> JSONValue {
            seconds.map { .string(Instant.format(seconds: $0)) } ?? .null
        }
        return .object([
            ("exists", .bool(range.exists)),
            ("start", instant(range.start)),
            ("end", instant(range.end)),
            ("hours", range.hours.map(JSONValue.double) ?? .null),
            (
                "intervals",
                .array(
                    range.intervals.map {
                        .object([("start", instant($0.start)), ("end", instant($0.end))])
                    })
            ),
        ])
    }
}
