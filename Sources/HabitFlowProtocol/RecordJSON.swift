import HabitFlow

/// Records as JSON, with the SPEC's names. One place, so every op writes them alike.
enum RecordJSON {
    static func instant(_ i: Instant?) -> JSONValue { i.map { .string($0.description) } ?? .null }
    static func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
    static func number(_ d: Double?) -> JSONValue { d.map(JSONValue.double) ?? .null }

    static func habit(_ h: Habit) -> JSONValue {
        let (cadence, times): (String, JSONValue) =
            switch h.cadence {
            case .daily: ("daily", .null)
            case let .timesPerWeek(n): ("weekly", .int(Int64(n)))
            }
        return .object([
            ("id", .string(h.id)), ("ownerId", .string(h.ownerId)), ("name", .string(h.name)),
            ("kind", .string(h.kind.rawValue)), ("unit", string(h.unit)), ("cadence", .string(cadence)),
            ("timesPerWeek", times), ("targetType", .string(h.targetType.rawValue)),
            ("multiplePerDay", .bool(h.multiplePerDay)), ("categoryId", string(h.categoryId)),
            ("archived", .bool(h.archived)), ("legacyGoal", string(h.legacyGoal)), ("createdAt", instant(h.createdAt)),
            ("createdDayKey", .string(h.createdDayKey.description)), ("updatedAt", instant(h.updatedAt)),
            ("deletedAt", instant(h.deletedAt)), ("bundle", string(h.bundle?.rawValue)), ("bundleId", string(h.bundleId)),
            ("bundleDays", string(h.bundleDays.text)),
        ])
    }

    static func entry(_ e: HabitEntry) -> JSONValue {
        .object([
            ("id", .string(e.id)), ("habitId", .string(e.habitId)), ("timestampUtc", instant(e.timestampUtc)),
            ("dayKey", .string(e.dayKey.description)), ("value", number(e.value)), ("note", string(e.note)),
            ("source", .string(e.source.rawValue)), ("createdAt", instant(e.createdAt)),
            ("updatedAt", instant(e.updatedAt)), ("deletedAt", instant(e.deletedAt)),
        ])
    }

    static func outcome(_ o: EntryRules.Outcome) -> JSONValue {
        .object([("entry", entry(o.entry)), ("action", .string(o.name))])
    }

    static func version(_ v: TargetVersion) -> JSONValue {
        .object([
            ("id", .string(v.id)), ("habitId", .string(v.habitId)),
            ("effectiveDayKey", .string(v.effectiveDayKey.description)), ("target", v.target.map(JSONValue.double) ?? .null),
            ("paused", v.paused.map(JSONValue.bool) ?? .null), ("cadence", string(cadenceName(v.cadence))),
            ("timesPerWeek", v.cadence?.perWeek.map { .int(Int64($0)) } ?? .null), ("targetType", string(v.targetType?.rawValue)),
            ("unit", string(v.unit)), ("recordedAt", instant(v.recordedAt)),
        ])
    }

    static func cadenceName(_ c: Habit.Cadence?) -> String? {
        switch c {
        case nil: nil
        case .daily: "daily"
        case .timesPerWeek: "weekly"
        }
    }

    static func user(_ u: UserProfile) -> JSONValue {
        .object([
            ("id", .string(u.id)), ("zone", .string(u.zone)), ("firstWeekday", .string(u.firstWeekday.name)),
            ("firstWeekdayFrom", u.weeks.earlier.last.map { .string($0.until.description) } ?? .null),
            (
                "earlierFirstWeekdays",
                .array(
                    u.weeks.earlier.map { e in
                        .object([("firstWeekday", .string(e.firstWeekday.name)), ("until", .string(e.until.description))])
                    })
            ),
            ("dayStartsAt", .string(u.dayStartsAt.description)),
        ])
    }

    static func impact(_ p: ImpactPreview) -> JSONValue {
        func change<T>(_ c: ImpactPreview.Change<T>, _ f: (T) -> JSONValue) -> JSONValue {
            .object([("before", f(c.before)), ("after", f(c.after))])
        }
        return .object([
            ("habitId", .string(p.habitId)),
            (
                "days",
                .array(
                    p.days.map { d in
                        .object([
                            ("dayKey", .string(d.dayKey.description)), ("before", .string(d.status.before.rawValue)),
                            ("after", .string(d.status.after.rawValue)),
                        ])
                    })
            ),
            (
                "weeks",
                .array(
                    p.weeks.map { w in
                        .object([
                            ("weekStart", .string(w.weekStart.description)), ("before", .int(Int64(w.completed.before))),
                            ("after", .int(Int64(w.completed.after))),
                        ])
                    })
            ),
            ("currentStreak", change(p.currentStreak) { .int(Int64($0)) }),
            ("longestStreak", change(p.longestStreak) { .int(Int64($0)) }),
            ("momentum", change(p.momentum) { .double($0) }),
            (
                "goals",
                .array(
                    p.goals.map { g in
                        .object([
                            ("goalId", .string(g.goalId)), ("title", .string(g.title)), ("value", change(g.value) { .double($0) }),
                            ("fraction", change(g.fraction) { .string($0) }), ("status", change(g.status) { .string($0.rawValue) }),
                            (
                                "weeks",
                                .array(
                                    g.weeks.map { w in
                                        .object([
                                            ("weekStart", .string(w.weekStart.description)), ("value", change(w.value) { .double($0) }),
                                            ("met", change(w.met) { .bool($0) }),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            (
                "bundles",
                .array(
                    p.bundles.map { b in
                        .object([
                            ("bundleId", .string(b.bundleId)), ("name", .string(b.name)),
                            (
                                "days",
                                .array(
                                    b.days.map { d in
                                        .object([
                                            ("dayKey", .string(d.dayKey.description)), ("before", .string(d.status.before.rawValue)),
                                            ("after", .string(d.status.after.rawValue)),
                                        ])
                                    })
                            ),
                            ("currentStreak", change(b.currentStreak) { .int(Int64($0)) }),
                            ("longestStreak", change(b.longestStreak) { .int(Int64($0)) }),
                        ])
                    })
            ),
        ])
    }
}
