import HabitFlowCore
import HabitFlowStore

/// A habit's standing on a day, with the habit: the Today screen's row. Its numbers are the
/// habit's `HabitSummary` (`today.status`, `today.currentStreak`, …).
@dynamicMemberLookup
public struct HabitToday: Sendable {
    /// The habit.
    public var habit: Habit
    /// Its numbers on the day.
    public var summary: HabitSummary

    /// The row of `habit` with its `summary`.
    public init(habit: Habit, summary: HabitSummary) {
        self.habit = habit
        self.summary = summary
    }

    /// `row.status`, `row.currentStreak`, …: the summary's fields, read on the row.
    public subscript<T>(dynamicMember path: KeyPath<HabitSummary, T>) -> T { summary[keyPath: path] }
}

/// What every metric of one user reads: the records (folded), today, and how weeks start.
@_spi(Faces) public struct MetricsContext: Sendable {
    /// The user's records, folded for derivation.
    public var input: MetricsInput
    /// Today in the user's zone.
    public var today: DayKey
    /// The user's weeks (their first weekday over time).
    public var weeks: WeekCalendar

    /// A context over `input` as of `today`.
    public init(input: MetricsInput, today: DayKey, weeks: WeekCalendar) {
        self.input = input
        self.today = today
        self.weeks = weeks
    }

    /// The habit `id`, or `notFound` naming `field`.
    public func habit(_ id: String, field: String = "habitId") throws(HabitFlowError) -> Habit {
        try RecordID.validate(id, field: field)
        guard let habit = input.habit(id) else { throw HabitFlowError(.notFound, "no habit \(id)", field: field) }
        return habit
    }

    /// Status, value, target, streaks, the week and momentum of habit `id` on `day` (default
    /// today), with the habit as it was defined that day (its unit then).
    public func today(habitId id: String, day: DayKey? = nil) throws(HabitFlowError) -> HabitToday {
        let metrics = input.metrics(for: try habit(id)), date = day ?? today
        return HabitToday(habit: metrics.habit(on: date), summary: metrics.summary(today: date, weeks: weeks))
    }

    /// The current and longest streak of habit `id` as of `day` (default today).
    public func streaks(habitId id: String, day: DayKey? = nil) throws(HabitFlowError) -> HabitMetrics.Streaks {
        let t = try today(habitId: id, day: day)
        return HabitMetrics.Streaks(current: t.currentStreak, longest: t.longestStreak ?? .none)
    }

    /// Every active habit's standing on `day` (default today): the Today screen (status, value,
    /// target, current streak, week, momentum). The longest streak reads a habit's whole
    /// history, so it is computed only when `includeLongestStreak` asks for it: otherwise a row's may
    /// be `nil` (some rows carry it anyway), and a habit with no history has none.
    public func overview(day: DayKey? = nil, includeLongestStreak: Bool = false) -> TodayOverview {
        let date = day ?? today
        let habits = input.habits.filter { !$0.archived && $0.deletedAt == nil }
        return TodayOverview(
            day: date,
            habits: habits.map {
                let metrics = input.metrics(for: $0)
                return HabitToday(
                    habit: metrics.habit(on: date),
                    summary: metrics.summary(today: date, weeks: weeks, longest: includeLongestStreak))
            })
    }

    /// Every metric of every habit not deleted, as of `day` (default today).
    public func reports(day: DayKey? = nil) -> [HabitReport] {
        input.habits.filter { $0.deletedAt == nil }.map { input.metrics(for: $0).report(today: day ?? today, weeks: weeks) }
    }

    /// Habit `id` day by day from `from` through `to` (at most `Engine.maxHistoryDays`).
    public func history(habitId id: String, from: DayKey, to: DayKey) throws(HabitFlowError) -> DayLine {
        guard from <= to else { throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))") }
        guard Int(to.dayNumber) - Int(from.dayNumber) < Engine.maxHistoryDays else {
            throw HabitFlowError(.limitExceeded, "at most \(Engine.maxHistoryDays) days per call", field: "to")
        }
        return input.metrics(for: try habit(id)).line(from: from, through: to)
    }

    /// Habit `id`'s strength from `from` through `to` (at most `Engine.maxHistoryDays`),
    /// averaged per `period`: Loop's score chart.
    public func strength(habitId id: String, from: DayKey, to: DayKey, per period: StrengthPeriod) throws(HabitFlowError) -> [StrengthPoint]
    {
        guard from <= to else { throw HabitFlowError.invalid("to", "to (\(to)) is before from (\(from))") }
        guard Int(to.dayNumber) - Int(from.dayNumber) < Engine.maxHistoryDays else {
            throw HabitFlowError(.limitExceeded, "at most \(Engine.maxHistoryDays) days per call", field: "to")
        }
        return input.metrics(for: try habit(id)).strengthHistory(from: from, through: to, per: period, weeks: weeks)
    }
}

extension Engine {
    /// The longest history one call returns, in days (ten years and a bit).
    public static let maxHistoryDays = 3700

    /// The user's records as the derivation reads them, with today and the first weekday.
    ///
    /// Read in two queries (active days aggregated per habit and day, target versions) and
    /// kept: what is kept is the truth, folded — never a derived value. After a write through
    /// this store (the stamp's `dataVersion` unchanged) only the habits it touched are read
    /// again, so a log followed by a read costs about one habit's read; when another connection
    /// wrote, or sync changes came in, everything is read anew.
    @_spi(Faces) public func metricsContext() throws(HabitFlowError) -> MetricsContext {
        let (source, user) = try requireStore()
        return try source.read { store throws(HabitFlowError) in
            let (local, today) = try userZone(store, user)
            let skipped = local.zone.skippedDays(dayStart: local.dayStart)
            let weeks = try profile(store, user).weeks
            let stamp = try source.stamp()  // inside the read: the stamp of what it sees
            let kept = caching ? recordCache.withLock { $0 } : nil
            if let kept, kept.stamp == stamp {
                var input = kept.input
                input.skippedDays = skipped
                return MetricsContext(input: input, today: today, weeks: weeks)
            }
            var input: MetricsInput
            var sequence: Int64
            if let kept, kept.stamp.dataVersion == stamp.dataVersion,
                case let (changed, latest) = try store.habitsChanged(since: kept.sequence), changed.count <= Self.incrementalReadLimit
            {
                input = kept.input
                try refresh(&input, habits: changed, store, user)
                sequence = latest
            } else {
                input = try readInput(store, user)
                sequence = try store.habitsChanged(since: .max).sequence
            }
            if caching { recordCache.withLock { $0 = (stamp, input, sequence) } }
            input.skippedDays = skipped
            return MetricsContext(input: input, today: today, weeks: weeks)
        }
    }

    /// Past this many changed habits a cache reads everything again (one query beats many).
    static let incrementalReadLimit = 32

    /// Every habit, active day and target version of `user`.
    private func readInput(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> MetricsInput {
        let habits = try store.habits(owner: user)
        let byId = Dictionary(uniqueKeysWithValues: habits.map { ($0.id, $0) })
        var versions: [String: [TargetVersion]] = [:]
        for v in try store.targetVersions(owner: user) { versions[v.habitId, default: []].append(v) }
        let targets = versions.mapValues(TargetSchedule.init)
        var days: [String: HabitDays] = [:]
        for (id, a) in try store.activeDays(owner: user) {
            let habit = byId[id]
            days[id] = HabitDays(
                days: a.days, counts: a.counts, sums: a.sums, kind: habit?.kind ?? .numeric,
                numericFrom: targets[id].flatMap { habit?.numericFrom($0) })
        }
        return MetricsInput(habits: habits, days: days, targets: targets)
    }

    /// Reads `habits` (those of `user`) into `input` again, with the other options of any
    /// choice bundle among them: settling one option's day may set another's entry aside.
    private func refresh(
        _ input: inout MetricsInput, habits ids: Set<String>, _ store: any StoreTransaction, _ user: String
    )
        throws(HabitFlowError)
    {
        var pending = ids
        var done = Set<String>()
        while let id = pending.popFirst() {
            guard done.insert(id).inserted, let habit = try store.habit(id, of: user) else { continue }
            if let parentId = habit.bundleId, let parent = try store.habit(parentId, of: user), parent.bundle == .choice {
                for option in try store.fetchAll(Habit.self, owner: user, where: .bundleId, in: [parentId]) where !done.contains(option.id)
                {
                    pending.insert(option.id)
                }
            }
            if let i = input.habits.firstIndex(where: { $0.id == id }) {
                input.habits[i] = habit
            } else {
                input.habits.append(habit)
                input.habits.sort { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            }
            let a = try store.activeDays(owner: user, habit: id)
            let versions = try store.targetVersions(habit: id, of: user)
            let schedule = TargetSchedule(versions)
            input.days[id] =
                a.days.isEmpty
                ? nil
                : HabitDays(days: a.days, counts: a.counts, sums: a.sums, kind: habit.kind, numericFrom: habit.numericFrom(schedule))
            input.targets[id] = versions.isEmpty ? nil : schedule
        }
    }

    /// The metrics of habit `habitId` (checked to be the user's), with today and the first weekday.
    public func metrics(habitId: String) throws(HabitFlowError) -> HabitMetricsAsOf {
        let context = try metricsContext()
        let habit = try context.habit(habitId)
        return HabitMetricsAsOf(metrics: context.input.metrics(for: habit), today: context.today, weeks: context.weeks)
    }

    /// The current and longest streak of habit `habitId` as of `day` (default today): runs of
    /// complete days, or of weeks that met their number for an N-per-week habit.
    public func streaks(habitId: String, day: DayKey? = nil) throws(HabitFlowError) -> HabitMetrics.Streaks {
        let context = try metricsContext()
        _ = try context.habit(habitId)
        return try context.streaks(habitId: habitId, day: day)
    }

    /// Status, value, target, streaks, this week's progress and momentum of habit `habitId`
    /// on `day` (default today).
    public func habitToday(habitId: String, day: DayKey? = nil) throws(HabitFlowError) -> HabitToday {
        let context = try metricsContext()
        _ = try context.habit(habitId)
        return try context.today(habitId: habitId, day: day)
    }

    /// Every active habit's standing on `day` (default today): the Today screen. Only the
    /// habits of persona `personaId` when given; each row's longest streak when `includeLongestStreak`
    /// (it reads all history: off, a row's may be `nil`).
    public func todayOverview(
        day: DayKey? = nil, personaId: String? = nil, includeLongestStreak: Bool = false
    ) throws(HabitFlowError)
        -> TodayOverview
    {
        let focus = try personaId.map { id throws(HabitFlowError) in Set(try lens(.persona, id: id).habitIds) }
        var overview = try metricsContext().overview(day: day, includeLongestStreak: includeLongestStreak)
        if let focus { overview.habits.removeAll { !focus.contains($0.habit.id) } }
        return overview
    }

    /// Every metric of every habit (all days, all weeks, streaks, momentum) as of `day`.
    public func reports(day: DayKey? = nil) throws(HabitFlowError) -> [HabitReport] {
        try metricsContext().reports(day: day)
    }

    /// Habit `habitId` day by day from `from` through `to`.
    public func history(habitId: String, from: DayKey, to: DayKey) throws(HabitFlowError) -> DayLine {
        let context = try metricsContext()
        _ = try context.habit(habitId)
        return try context.history(habitId: habitId, from: from, to: to)
    }
}
