/// The rules of merging another replica's changes (003 §8, SPEC §10), as pure functions over
/// records: which fields a change must carry, whose records it may touch, which version wins,
/// which of several entries for one day stays, and what a partner's replica may see.
///
/// Stores only fetch and persist; every store (SQLite, in-memory, the server's PostgreSQL)
/// is driven by these same rules, so every replica decides alike.
public enum SyncRules {
    /// Upper bound of one text field of a change (256 KiB).
    public static let maxFieldBytes = 256 << 10

    /// The change checked against its kind's columns: exactly those fields, ids, days and
    /// instants well formed (instants rewritten in the stores' fixed-width form), text within
    /// limits, and readable as its record type.
    ///
    /// - Throws: `invalidArgument` naming `at.kind` or `at.<column>`.
    public static func validated(_ change: ChangeRecord, at: String) throws(HabitFlowError) -> (RecordKind, ChangeRecord) {
        guard let kind = RecordKind(syncName: change.kind) else {
            throw HabitFlowError(.invalidArgument, "\(at).kind: unknown kind \"\(change.kind)\"", field: "\(at).kind")
        }
        var out = change
        out.fields = []
        for (name, _) in change.fields where kind.index(of: name) == nil {
            throw HabitFlowError.invalid("\(at).\(name)", "\(kind.rawValue) has no field \(name)")
        }
        for name in kind.columns {
            guard let value = change[name] else { throw HabitFlowError.invalid("\(at).\(name)", "\(kind.rawValue) needs \(name) (null if empty)") }
            var checked = value
            if case let .text(text) = value {
                guard text.utf8.count <= maxFieldBytes, !text.utf8.contains(0) else {
                    throw HabitFlowError.invalid("\(at).\(name)", "\(name) is too long or holds a NUL byte")
                }
                if name == "id" || name.hasSuffix("_id") || name == "created_by" {
                    try RecordID.validate(text, field: "\(at).\(name)")
                } else if name.hasSuffix("day_key") || name == "target_date" {
                    do throws(TimeError) { _ = try DayKey(parsing: text) } catch { throw HabitFlowError(error, field: "\(at).\(name)") }
                } else if name.hasSuffix("_at") || name == "timestamp_utc" {
                    do throws(TimeError) { checked = RowValue.instant(try Instant(parsing: text)) } catch {
                        throw HabitFlowError(error, field: "\(at).\(name)")
                    }
                }
            }
            out.fields.append((name, checked))
        }
        do throws(HabitFlowError) {
            _ = try kind.recordType.init(change: out)
        } catch {
            let field = error.field.map { "\(at).\($0)" } ?? at
            throw HabitFlowError(.invalidArgument, "\(field): \(error.message)", field: field)
        }
        return (kind, out)
    }

    /// Whether `change` replaces `held` (the version this replica has): a later stamp wins,
    /// the whole record at once; for evidence a confirmation outranks any dismissal, whatever
    /// the stamps. Applying is then idempotent and order-independent.
    public static func replaces(_ change: ChangeRecord, held: ChangeRecord?) -> Bool {
        guard let held else { return true }
        if change.kind == RecordKind.evidence.rawValue {
            let confirmed = change["resolution"] == .text("confirmed")
            if confirmed != (held["resolution"] == .text("confirmed")) { return confirmed }
        }
        return change.stamp > held.stamp
    }

    /// Refuses records of other users — as they arrive, so no change can take a record over
    /// (a key leads with its owner: a change of another owner's record is that owner's
    /// record, never the user's). What comes in: the user's own records; another user's side
    /// of a partnership that names (or named) the user, and the profile of those `related`;
    /// and, while the partnership is active, the partner's shared goals, their links to
    /// shared goals, and the habits so linked with their entries and targets (`scope`). What
    /// a record points at is its own owner's (`RecordKind.references`), so it needs no check.
    ///
    /// - Returns: `false` for a record of a related user (a partner, an inviter) that is not
    ///   shared now — it arrived around an unlink or an unshare — to be left out, not refused.
    /// - Throws: `forbidden` naming `at` for a record of anyone else.
    public static func checkOwner(_ record: ChangeRecord, _ kind: RecordKind, held: ChangeRecord?, scope: SharingScope,
                                  at: String) throws(HabitFlowError) -> Bool {
        func text(_ r: ChangeRecord?, _ name: String) -> String? { if case let .text(t)? = r?[name] { t } else { nil } }
        let user = scope.user
        /// Not the user's: left out when `who` is related, else refused.
        func notShared(_ who: String?) throws(HabitFlowError) -> Bool {
            guard let who, scope.related.contains(who) else {
                throw HabitFlowError(.forbidden, "\(at) is a record of another user (\(who ?? "?"))", field: at)
            }
            return false
        }
        let owner = text(record, kind.ownerColumn)
        switch kind {
        case .user:
            guard let owner, owner == user || scope.related.contains(owner) else { return try notShared(nil) }
        case .partnership:
            // A user's own side, or another's side that names them (an invitation, an answer)
            // or named them (it moves on).
            guard owner == user || text(record, "partner_id") == user || text(held, "partner_id") == user else {
                throw HabitFlowError(.forbidden, "\(at) is a record of another user (\(owner ?? "?"))", field: at)
            }
        case .habit, .entry, .targetVersion:
            if owner != user {
                guard owner != nil, owner == scope.partner, let habit = text(record, kind == .habit ? "id" : "habit_id"),
                      scope.partnerHabits.contains(habit) else { return try notShared(owner) }
            }
        case .goalLink:
            guard let goalOwner = text(record, "goal_owner_id") else { return try notShared(owner) }
            if owner == user {
                // To the user's own goal, or a partner's (a link may arrive around an unshare).
                guard goalOwner == user || scope.related.contains(goalOwner) else {
                    throw HabitFlowError(.forbidden, "\(at) links to a goal of another user (\(goalOwner))", field: at)
                }
            } else {
                guard owner != nil, owner == scope.partner, let goal = text(record, "goal_id"),
                      scope.sharedGoals.contains(RecordRef(owner: goalOwner, id: goal)) else { return try notShared(owner) }
            }
        case .goal:
            if owner != user {
                // A partner's goal while it is shared, or as it stops being shared (the held copy is).
                guard let partner = scope.partner, owner == partner,
                      record["shared"] == .integer(1) || held?["shared"] == .integer(1) else { return try notShared(owner) }
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
    public static func checkFixed(_ record: ChangeRecord, _ kind: RecordKind, held: ChangeRecord?, habitMultiplePerDay: Bool?,
                                  at: String) throws(HabitFlowError) {
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
    public static func visible(_ record: ChangeRecord, _ kind: RecordKind, owner: String?, habitId: String? = nil,
                               scope: SharingScope, forPartner: Bool) -> Bool {
        func text(_ name: String) -> String? { if case let .text(t)? = record[name] { t } else { nil } }
        let user = scope.user
        let shared = scope.partner != nil
        func sharedGoal() -> Bool {
            guard let owner = text("goal_owner_id"), let id = text("goal_id") else { return false }
            return scope.sharedGoals.contains(RecordRef(owner: owner, id: id))
        }
        if forPartner {
            switch kind {
            case .user: return owner == user
            case .partnership: return owner == user
            case .goal: return shared && record["shared"] == .integer(1) && (owner == user || owner == scope.partner)
            case .goalLink: return shared && owner == user && sharedGoal()
            case .habit: return shared && owner == user && text("id").map(scope.userHabits.contains) == true
            case .entry, .targetVersion: return shared && owner == user && habitId.map(scope.userHabits.contains) == true
            default: return false
            }
        }
        switch kind {
        case .user: return owner == user || owner.map(scope.related.contains) == true
        case .partnership: return owner == user || text("partner_id") == user
        case .goal: return owner == user || (shared && owner == scope.partner && record["shared"] == .integer(1))
        case .goalLink: return owner == user || (shared && owner == scope.partner && sharedGoal())
        // The partner's linked habits: ids are per owner, so another user's habit with one of
        // those ids is not among them.
        case .habit: return owner == user || (shared && owner == scope.partner && text("id").map(scope.partnerHabits.contains) == true)
        case .entry, .targetVersion:
            return owner == user || (shared && owner == scope.partner && habitId.map(scope.partnerHabits.contains) == true)
        default: return owner == user
        }
    }

    /// Whose record a change is, and for entries and target versions their habit's id.
    public static func directOwner(_ record: ChangeRecord, _ kind: RecordKind) -> (owner: String?, habitId: String?) {
        func text(_ name: String) -> String? { if case let .text(t)? = record[name] { t } else { nil } }
        return (text(kind.ownerColumn), kind == .entry || kind == .targetVersion ? text("habit_id") : nil)
    }

    /// One active entry competing for a (habit, day) — for a choice bundle, the bundle's day.
    public struct Contender: Sendable {
        public var entry: HabitEntry
        public var stamp: HybridTimestamp
        public var multiplePerDay: Bool
        public var setAside: Bool

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
