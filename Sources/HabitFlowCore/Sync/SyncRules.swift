/// The rules of merging another replica's changes (003 §8, SPEC §10), as pure functions over
/// records: which fields a change must carry, whose records it may touch, which version wins,
/// which of several entries for one day stays, and what a partner's replica may see.
///
/// Stores only fetch and persist; every store (SQLite, in-memory, the server's PostgreSQL)
/// is driven by these same rules, so every replica decides alike.
public enum SyncRules {
    /// The version of the change format this engine writes and reads. Change sets carry it
    /// (`syncVersion`); one without it was written before versions (1). A set from a newer
    /// version is refused with a word to upgrade, never half read: its fields may mean more.
    /// 2: limits checked at every door (issue 26).
    /// 3: a target version may leave its target out and carry `paused`, `cadence`,
    /// `times_per_week`, `target_type` and `unit` (issue 27); a version-2 set's target
    /// versions read as they were written (target 0: a pause).
    public static let version = 3

    /// How far ahead of a receiver's clock a change's stamp may be: a day, in milliseconds. A
    /// stamp further ahead is refused at every door (`checkLead`): taken in, it would pin every
    /// replica's hybrid clock there, and no later edit would win until real time caught up.
    public static let maxClockLead: Int64 = 86_400_000

    /// Refuses a change stamped more than `maxClockLead` ahead of `now`, the receiver's clock.
    /// - Throws: `invalidArgument` naming `at.stamp`, saying which clock is wrong.
    public static func checkLead(_ stamp: HybridTimestamp, now: Instant, at: String) throws(HabitFlowError) {
        let lead = stamp.wallMilliseconds - now.seconds * 1000
        guard lead > maxClockLead else { return }
        throw HabitFlowError.invalid(
            "\(at).stamp",
            "\(at): stamped \(lead / 3_600_000) hours ahead of this clock (\(now)); a change may be a day ahead at most: "
                + "the clock of the device that made it (or this one) is wrong — set it right and sync again")
    }

    /// Refuses a goal whose owner's decision on who has it (`access_changed_at`) is more than
    /// `maxClockLead` ahead of `now`, as `checkLead` refuses a stamp: it would outrank every
    /// later decision until real time caught up.
    /// - Throws: `invalidArgument` naming `at.access_changed_at`.
    public static func checkDecision(_ record: ChangeRecord, now: Instant, at: String) throws(HabitFlowError) {
        guard let decided = instant(record["access_changed_at"]), (decided.seconds - now.seconds) * 1000 > maxClockLead else { return }
        throw HabitFlowError.invalid(
            "\(at).access_changed_at",
            "\(at): decided at \(decided), more than a day ahead of this clock (\(now)): the clock of the device that made it (or this one) is wrong — set it right and sync again"
        )
    }

    /// Refuses a goal version dated in the past of the change that made it (SPEC §6a: a
    /// target change applies from the day it is made on, as `goal.update` checks): its
    /// effective day may not be before the day of its `recorded_at`, nor before the day of its
    /// stamp (the hybrid clock's time: the latest any replica of its maker had reached). Days
    /// are read in UTC less one, the earliest any zone's day can be. The target a goal had from
    /// its start (`DayKey.min`, recorded by a device's first edit) is the one exception.
    /// - Throws: `invalidArgument` naming `at.effective_day_key`.
    public static func checkVersionDay(_ record: ChangeRecord, stamp: HybridTimestamp, at: String) throws(HabitFlowError) {
        guard let text = record.text("effective_day_key"), let effective = try? DayKey(parsing: text), effective != .min else { return }
        var made = stamp.wallMilliseconds / 1000
        if let recorded = record.text("recorded_at").flatMap({ try? Instant(parsing: $0) }) { made = max(made, recorded.seconds) }
        let earliest = Int(Civil.floorDiv(made, Civil.secondsPerDay)) - 1
        guard effective.dayNumber < earliest else { return }
        throw HabitFlowError.invalid(
            "\(at).effective_day_key",
            "\(at): a goal's target made on \(DayKey(dayNumber: earliest + 1).map { "\($0)" } ?? "?") cannot apply from \(effective), a day before: past weeks keep the target they had"
        )
    }

    /// Upper bound of one text field of a change (256 KiB).
    public static let maxFieldBytes = 256 << 10

    /// The change checked against its kind's columns: exactly those fields, ids, days and
    /// instants well formed, text within limits, readable as its record type and within the
    /// engine's limits (`StoredRecord.validate`); its values as that record writes them (the
    /// row every store holds).
    ///
    /// - Throws: `invalidArgument` naming `at.kind` or `at.<column>`.
    public static func validated(_ change: ChangeRecord, at: String) throws(HabitFlowError) -> (RecordKind, ChangeRecord) {
        guard let kind = RecordKind(syncName: change.kind) else {
            throw HabitFlowError(.invalidArgument, "\(at).kind: unknown kind \"\(change.kind)\"", field: "\(at).kind")
        }
        guard change.stamp.wallMilliseconds <= HybridTimestamp.maxWallMilliseconds else {
            throw HabitFlowError.invalid("\(at).stamp", "stamp \(change.stamp) is too close to the year 9999: no replica's clock makes it")
        }
        let columns = kind.columns, roles = ColumnRole.of(kind)
        var values: [ChangeRecord.Value] = []
        values.reserveCapacity(columns.count)
        // A change's fields come in column order, as every store and the wire write them: then
        // each is a column, and no field is looked for.
        let inColumnOrder = change.fields.count == columns.count && zip(change.fields, columns).allSatisfy { $0.name == $1 }
        if !inColumnOrder {
            for (name, _) in change.fields where kind.index(of: name) == nil {
                throw HabitFlowError.invalid("\(at).\(name)", "\(kind.rawValue) has no field \(name)")
            }
        }
        // Days and instants are parsed by the record's decoding: checked here field by field
        // only when something failed, for the words and the order of the error (the first bad
        // field in column order). `DecodedTimesTests` holds every such column to being parsed.
        func checkTimes(upTo end: Int) throws(HabitFlowError) {
            for i in 0..<end {
                guard case let .text(text) = values[i] else { continue }
                let name = columns[i]
                switch roles[i] {
                case .day:
                    do throws(TimeError) { _ = try DayKey(parsing: text) } catch { throw HabitFlowError(error, field: "\(at).\(name)") }
                case .instant:
                    do throws(TimeError) { _ = try Instant(parsing: text) } catch { throw HabitFlowError(error, field: "\(at).\(name)") }
                case .id, .other: break
                }
            }
        }
        for (i, name) in columns.enumerated() {
            let inOrder = inColumnOrder || (i < change.fields.count && change.fields[i].name == name) ? change.fields[i].value : nil
            do throws(HabitFlowError) {
                guard let value = inOrder ?? change[name] ?? (kind.addedColumns.contains(name) ? .null : nil) else {
                    throw HabitFlowError.invalid("\(at).\(name)", "\(kind.rawValue) needs \(name) (null if empty)")
                }
                if case let .text(text) = value {
                    guard text.utf8.count <= maxFieldBytes, !Self.holdsNUL(text) else {
                        throw HabitFlowError.invalid("\(at).\(name)", "\(name) is too long or holds a NUL byte")
                    }
                    if roles[i] == .id {
                        // The field is named only for an error: building it for every id was a tenth of this.
                        do throws(HabitFlowError) { try RecordID.validate(text, field: name) } catch {
                            try RecordID.validate(text, field: "\(at).\(name)")
                        }
                    }
                }
                values.append(value)
            } catch {
                try checkTimes(upTo: values.count)
                throw error
            }
        }
        let record: any StoredRecord
        do throws(HabitFlowError) {
            record = try kind.recordType.init(changeValues: values)
        } catch {
            try checkTimes(upTo: values.count)
            let field = error.field.map { "\(at).\($0)" } ?? at
            throw HabitFlowError(.invalidArgument, "\(field): \(error.message)", field: field)
        }
        do throws(HabitFlowError) { try record.validate() } catch {
            // The record and the rule, as a person reads them: `changes[2].times_per_week:
            // habit alice/h1: timesPerWeek must be 1 to 7`.
            let field = error.field.map { "\(at).\(column(of: $0, in: kind))" } ?? at
            let id = kind.change(values, stamp: change.stamp).key(kind).joined(separator: "/")
            // A record past a limit is a bad record (400 on the server), whatever the limit.
            throw HabitFlowError(.invalidArgument, "\(field): \(kind.rawValue) \(id): \(error.message)", field: field)
        }
        // Kept as the record reads: a field its type does not hold (a daily habit's
        // `times_per_week`) is not carried on, so every store holds the same row.
        return (kind, kind.change(record.row, stamp: change.stamp))
    }

    /// Whether `text` holds a NUL byte: over its contiguous bytes when it has them (a generic
    /// scan of the UTF-8 view was a tenth of `validated`).
    static func holdsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(0) } ?? text.utf8.contains(0)
    }

    /// The column a `validate()` field names: `timesPerWeek` → `times_per_week`, and the
    /// record's own id (`habitId` on a habit) → `id`.
    static func column(of field: String, in kind: RecordKind) -> String {
        guard let name = field.split(separator: "[").first.map(String.init), field.allSatisfy({ $0 != "." }) else { return field }
        var snake = ""
        for c in name { if c.isUppercase { snake += "_" + c.lowercased() } else { snake.append(c) } }
        if kind.index(of: snake) != nil { return snake + field.dropFirst(name.count) }
        return name.hasSuffix("Id") ? "id" : field
    }

    /// Whether `change` replaces `held` (the version this replica has): a later stamp wins,
    /// the whole record at once; for evidence a confirmation outranks any dismissal, and for
    /// a goal its owner's later decision on who has it (`Goal.accessChangedAt`: a share, an
    /// unshare, a delete) outranks any edit made before it was known, whatever the stamps.
    /// Applying is then idempotent and order-independent.
    public static func replaces(_ change: ChangeRecord, held: ChangeRecord?) -> Bool {
        guard let held else { return true }
        if change.kind == RecordKind.evidence.rawValue {
            let confirmed = change["resolution"] == .text("confirmed")
            if confirmed != (held["resolution"] == .text("confirmed")) { return confirmed }
        }
        if change.kind == RecordKind.goal.rawValue {
            let decided = instant(change["access_changed_at"]), heldDecided = instant(held["access_changed_at"])
            if decided != heldDecided {
                guard let decided else { return false }
                guard let heldDecided else { return true }
                return decided > heldDecided
            }
        }
        return change.stamp > held.stamp
    }

    /// An instant column's value (`nil`: null, absent, or not an instant — `validated` refuses that).
    private static func instant(_ value: ChangeRecord.Value?) -> Instant? {
        guard case let .text(text)? = value else { return nil }
        return try? Instant(parsing: text)
    }

    /// Refuses records of other users — as they arrive, so no change can take a record over
    /// (a key leads with its owner: a change of another owner's record is that owner's
    /// record, never the user's). What comes in: the user's own records; another user's side
    /// of a partnership that names (or named) the user, and the profile of those `related`;
    /// and, while the partnership is active, the partner's shared goals, their links to
    /// shared goals, and the habits so linked with their entries and targets (`scope`). What
    /// a record points at is its own owner's (`RecordKind.references`), so it needs no check.
    ///
    /// Who may carry what depends on `source`: a `device` pushing to a server carries the
    /// user's own records only (another's that the user may see is left out: their owner's
    /// replica sends it); a `partner`'s replica carries that partner's records only.
    ///
    /// - Returns: `false` for a record of a related user (a partner, an inviter) that is not
    ///   shared now — it arrived around an unlink or an unshare — or that `source` does not
    ///   speak for, to be left out, not refused.
    /// - Throws: `forbidden` naming `at` for a record of anyone else; `invalidArgument` for a
    ///   partnership of a user with themselves.
    public static func checkOwner(
        _ record: ChangeRecord, _ kind: RecordKind, held: ChangeRecord?, scope: SharingScope,
        source: ChangeSource = .replica, at: String
    ) throws(HabitFlowError) -> Bool {
        let user = scope.user
        func notShared(_ who: String?) throws(HabitFlowError) -> Bool { try SyncRules.notShared(who, scope, at) }
        let owner = record.text(kind.ownerColumn)
        if kind == .partnership, let owner, record.text("partner_id") == owner {
            throw HabitFlowError.invalid("\(at).partner_id", "a partnership names another user, not its own (\(owner))")
        }
        // A shared goal may be edited by the partner who does not own it (001 FR-026: both
        // track it), while its owner shares it — the held copy and the change both shared —
        // as `goal.update` edits it: what it is, when it was made and whether it is deleted
        // stay the owner's.
        // So may a new target of it (a goal version), dated as `goal.update` dates it.
        let sharedGoalEdit =
            kind == .goal && scope.partner != nil && record["shared"] == .integer(1) && held?["shared"] == .integer(1)
            && ["kind", "type", "unit", "created_at", "deleted_at", "shared_with", "access_changed_at"].allSatisfy {
                record[$0] == held?[$0]
            }
            || kind == .goalVersion && scope.partner != nil
                && owner.map { scope.sharedGoals.contains(RecordRef(owner: $0, id: record.text("goal_id") ?? "")) } == true
        switch source {
        case .replica: break
        case .device:
            // Consent is the user's own: nobody's push speaks for another user, beyond editing
            // a goal that user shares with them.
            if owner != user {
                if sharedGoalEdit, owner == scope.partner { return true }
                let seen =
                    owner.map { scope.related.contains($0) } == true
                    || (kind == .partnership && (record.text("partner_id") == user || held?.text("partner_id") == user))
                return try seen ? false : notShared(owner)
            }
        case let .partner(partner):
            // Only what that partner writes (their records, their edits of the user's shared
            // goals); the rules below say which of it is shared.
            if sharedGoalEdit, owner == user, scope.partner == partner { return true }
            guard owner == partner, partner != user else { return false }
        }
        guard case .partner = source else { return try admits(record, kind, held: held, scope: scope, at: at) }
        // Whatever that partner's replica sends that is not for the user is left out.
        return (try? admits(record, kind, held: held, scope: scope, at: at)) ?? false
    }

    /// Not the user's: left out when `who` is related, else refused.
    private static func notShared(_ who: String?, _ scope: SharingScope, _ at: String) throws(HabitFlowError) -> Bool {
        guard let who, scope.related.contains(who) else {
            throw HabitFlowError(.forbidden, "\(at) is a record of another user (\(who ?? "?"))", field: at)
        }
        return false
    }

    /// `checkOwner`'s rules for a change from one of the user's own replicas.
    private static func admits(
        _ record: ChangeRecord, _ kind: RecordKind, held: ChangeRecord?, scope: SharingScope,
        at: String
    ) throws(HabitFlowError) -> Bool {
        let user = scope.user
        func notShared(_ who: String?) throws(HabitFlowError) -> Bool { try SyncRules.notShared(who, scope, at) }
        let owner = record.text(kind.ownerColumn)
        switch kind {
        case .user:
            guard let owner, owner == user || scope.related.contains(owner) else { return try notShared(nil) }
        case .partnership:
            // A user's own side, or another's side that names them (an invitation, an answer)
            // or named them (it moves on).
            guard owner == user || record.text("partner_id") == user || held?.text("partner_id") == user else {
                throw HabitFlowError(.forbidden, "\(at) is a record of another user (\(owner ?? "?"))", field: at)
            }
        case .habit, .entry, .targetVersion:
            if owner != user {
                guard owner != nil, owner == scope.partner, let habit = record.text(kind == .habit ? "id" : "habit_id"),
                    scope.partnerHabits.contains(habit)
                else { return try notShared(owner) }
            }
        case .goalLink:
            guard let goalOwner = record.text("goal_owner_id") else { return try notShared(owner) }
            if owner == user {
                // To the user's own goal, or a partner's while it is shared: after the
                // partnership ends replicas drop that goal, so the link is left out.
                guard goalOwner == user || scope.related.contains(goalOwner) else {
                    throw HabitFlowError(.forbidden, "\(at) links to a goal of another user (\(goalOwner))", field: at)
                }
                if goalOwner != user, let goal = record.text("goal_id"), !scope.sharedGoals.contains(RecordRef(owner: goalOwner, id: goal))
                {
                    return false
                }
            } else {
                guard owner != nil, owner == scope.partner, let goal = record.text("goal_id"),
                    scope.sharedGoals.contains(RecordRef(owner: goalOwner, id: goal))
                else { return try notShared(owner) }
            }
        case .goalVersion:
            if owner != user {
                guard let owner, owner == scope.partner,
                    scope.sharedGoals.contains(RecordRef(owner: owner, id: record.text("goal_id") ?? ""))
                else {
                    return try notShared(owner)
                }
            }
        case .goal:
            if owner != user {
                // A partner's goal while it is shared, or as it stops being shared (the held copy
                // is, or none is held and it names the user: every replica of the user holds
                // that notice alike, whether or not it held the goal shared). Nothing after it:
                // an edit of a goal not shared is its owner's alone, stamp and all.
                guard let partner = scope.partner, owner == partner,
                    record["shared"] == .integer(1) || held?["shared"] == .integer(1)
                        || (held == nil && record.text("shared_with") == user)
                else { return try notShared(owner) }
            }
        default:
            // Never shared, whoever's they are.
            guard owner == user else {
                throw HabitFlowError(.forbidden, "\(at) is a record of another user (\(owner ?? "?"))", field: at)
            }
        }
        return true
    }

    /// Refuses a change of what is fixed at a habit's creation: its `multiplePerDay`, and so
    /// that of each of its entries (`habitMultiplePerDay`: the held habit's, if any).
    public static func checkFixed(
        _ record: ChangeRecord, _ kind: RecordKind, held: ChangeRecord?, habitMultiplePerDay: Bool?,
        at: String
    ) throws(HabitFlowError) {
        switch kind {
        case .entry:
            if let fixed = habitMultiplePerDay, record["multiple_per_day"] != RowValue.flag(fixed) {
                throw HabitFlowError.invalid("\(at).multiple_per_day", "the entry's multiplePerDay differs from its habit's")
            }
        case .habit:
            if let held, record["multiple_per_day"] != held["multiple_per_day"] {
                throw HabitFlowError.invalid("\(at).multiple_per_day", "multiplePerDay is fixed at the habit's creation")
            }
        default: break
        }
    }

    /// Whether `record` goes to the replica asking. The user's own replicas take what
    /// `checkOwner` lets in: their records, and what the partnership shares with them. A
    /// partner's replica (`forPartner`) takes the user's profile and side of the partnership,
    /// and while it is active what the user shares: shared goals (either partner's, as this
    /// replica last saw them), the user's links to them, and the user's linked habits with
    /// their entries and targets (`habitId`: the record's habit, for those kinds).
    public static func visible(
        _ record: ChangeRecord, _ kind: RecordKind, owner: String?, habitId: String? = nil,
        scope: SharingScope, forPartner: Bool
    ) -> Bool {
        let user = scope.user
        let shared = scope.partner != nil
        func sharedGoal() -> Bool {
            guard let owner = record.text("goal_owner_id"), let id = record.text("goal_id") else { return false }
            return scope.sharedGoals.contains(RecordRef(owner: owner, id: id))
        }
        func versionOfSharedGoal() -> Bool {
            guard let owner, let id = record.text("goal_id") else { return false }
            return scope.sharedGoals.contains(RecordRef(owner: owner, id: id))
        }
        if forPartner {
            switch kind {
            case .user: return owner == user
            case .partnership: return owner == user
            case .goal:
                // Shared with whom it names: never with a later partner. One the user stopped
                // sharing goes, as `partnerCopy` makes it, to whom it was shared with: their
                // replicas learn it is not any more.
                let with = owner == user ? scope.partner : user
                if shared, owner == user, record["shared"] == .integer(0) { return record.text("shared_with") == with }
                return shared && record["shared"] == .integer(1) && (owner == user || owner == scope.partner)
                    && record.text("shared_with").map { $0 == with } ?? true
            case .goalLink: return shared && owner == user && sharedGoal()
            case .goalVersion: return shared && (owner == user || owner == scope.partner) && versionOfSharedGoal()
            case .habit: return shared && owner == user && record.text("id").map(scope.userHabits.contains) == true
            case .entry, .targetVersion: return shared && owner == user && habitId.map(scope.userHabits.contains) == true
            default: return false
            }
        }
        switch kind {
        case .user: return owner == user || owner.map(scope.related.contains) == true
        case .partnership: return owner == user || record.text("partner_id") == user
        case .goal:
            // A partner's goal shared with the user, or no longer (as `partnerCopy` made it).
            return owner == user
                || (shared && owner == scope.partner
                    && (record["shared"] == .integer(1)
                        ? record.text("shared_with").map { $0 == user } ?? true
                        : record.text("shared_with") == user))
        case .goalVersion: return owner == user || (shared && owner == scope.partner && versionOfSharedGoal())
        // A link to another's goal goes with that goal: while it is shared (after an unlink a
        // new device would get the link without its goal).
        case .goalLink:
            return (owner == user && record.text("goal_owner_id") == user)
                || ((owner == user || (shared && owner == scope.partner)) && sharedGoal())
        // The partner's linked habits: ids are per owner, so another user's habit with one of
        // those ids is not among them.
        case .habit:
            return owner == user || (shared && owner == scope.partner && record.text("id").map(scope.partnerHabits.contains) == true)
        case .entry, .targetVersion:
            return owner == user || (shared && owner == scope.partner && habitId.map(scope.partnerHabits.contains) == true)
        default: return owner == user
        }
    }

    /// What goes to the partner of a record `visible` lets them have: the record itself,
    /// but of a goal no longer shared only that it is not — what was fixed at its making
    /// (key, kind, type, unit, start, creation), whether it is deleted and its owner's decision
    /// — so nothing its owner writes of it after reaches them: its title is its id, its target
    /// 1, its status active, its other fields empty, its last change the decision.
    public static func partnerCopy(_ change: ChangeRecord) -> ChangeRecord {
        guard change.kind == RecordKind.goal.rawValue, change["shared"] == .integer(0) else { return change }
        var out = change
        for i in out.fields.indices {
            switch out.fields[i].name {
            case "title": out.fields[i].value = change["id"] ?? .null
            case "target": out.fields[i].value = .real(1)
            case "status": out.fields[i].value = .text("active")
            case "updated_at": out.fields[i].value = change["access_changed_at"] ?? change["created_at"] ?? .null
            case "description", "icon", "category_id", "target_date", "sort_order", "duration_weeks": out.fields[i].value = .null
            default: break
            }
        }
        return out
    }

    /// Whose record a change is, and for entries and target versions their habit's id.
    public static func directOwner(_ record: ChangeRecord, _ kind: RecordKind) -> (owner: String?, habitId: String?) {
        return (record.text(kind.ownerColumn), kind == .entry || kind == .targetVersion ? record.text("habit_id") : nil)
    }

    /// One active entry competing for a (habit, day) — for a choice bundle, the bundle's day.
    public struct Contender: Sendable {
        /// The entry.
        public var entry: HabitEntry
        /// Its stamp.
        public var stamp: HybridTimestamp
        /// Whether its habit takes several a day.
        public var multiplePerDay: Bool
        /// Whether a merge set it aside.
        public var setAside: Bool

        /// A contender with its stamp and state.
        public init(entry: HabitEntry, stamp: HybridTimestamp, multiplePerDay: Bool, setAside: Bool) {
            self.entry = entry
            self.stamp = stamp
            self.multiplePerDay = multiplePerDay
            self.setAside = setAside
        }
    }

    /// Of the active entries competing for one day, the ids that stay active: `EntryConflict`
    /// keeps one (with the rest of its habit's, for a multiplePerDay habit); the others are
    /// set aside, never merged.
    public static func settle(_ contenders: [Contender]) -> Set<String> {
        guard contenders.count > 1 else { return Set(contenders.map(\.entry.id)) }
        let kept = EntryConflict.keep(contenders.map { ($0.entry, $0.stamp) }).kept
        let multiple = contenders.first { $0.entry.id == kept.id }!.multiplePerDay
        return Set(contenders.filter { $0.entry.id == kept.id || (multiple && $0.entry.habitId == kept.habitId) }.map(\.entry.id))
    }
}
