import HabitFlowCore
import HabitFlowStore

extension Engine {
    /// This store's replica id (stable; made at creation).
    public func replicaId() throws(HabitFlowError) -> String {
        let (store, _) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try store.replicaId() }
    }

    /// Gives this store a new replica id: run it on a store file copied from another device.
    public func newReplicaId() throws(HabitFlowError) -> String {
        let (store, _) = try requireStore()
        return try store.write { store throws(HabitFlowError) in try store.newReplicaId() }
    }

    /// Every record of the user changed here or received since `cursor` (0: everything),
    /// parents first, with the cursor to pass next time.
    ///
    /// - Parameters:
    ///   - cursor: a cursor an earlier call gave (0: from the start).
    ///   - limit: pages the answer: the changes of at most this many sequence numbers (1 or
    ///     more; `nil`, all of them), and `more` while some are left. A page carries the
    ///     parents its records point at even when their own change lies in a later page, so
    ///     each page applies on its own, in order.
    ///   - forPartner: only what the partner's replica takes (profile, partnership, shared
    ///     goals): another user's replica refuses everything else. Never paged.
    ///   - recipient: with `forPartner`, the user it goes to (a server forwarding): what the
    ///     partnership shares goes only to the user this replica's side names as its active
    ///     partner; anyone else gets the profile and the side alone.
    public func syncChanges(
        since cursor: Int64 = 0, limit: Int? = nil, forPartner: Bool = false, recipient: String? = nil
    ) throws(HabitFlowError) -> ChangePage {
        let (store, user) = try requireStore()
        guard cursor >= 0 else { throw HabitFlowError.invalid("since", "since is a cursor from sync.changes (0 or more)") }
        try Self.checkLimit(limit, forPartner: forPartner)
        let page = try store.read { store throws(HabitFlowError) in
            try visibleChanges(store, user, since: cursor, limit: limit, forPartner: forPartner, recipient: recipient)
        }
        return ChangePage(changes: page.changes, cursor: page.cursor, more: page.more)
    }

    static func checkLimit(_ limit: Int?, forPartner: Bool = false) throws(HabitFlowError) {
        guard let limit else { return }
        guard limit >= 1 else { throw HabitFlowError.invalid("limit", "limit is a number of changes, 1 or more") }
        guard !forPartner else { throw HabitFlowError.invalid("limit", "what goes to a partner is never paged: leave limit out") }
    }

    /// Every record of the user's own, for a backup (`data.export`): nothing of another user's —
    /// not a partner's profile, shared goal, habit or entry — and nothing that points at one
    /// (a partnership, a link to a partner's goal): those come back by syncing with the partner.
    public func exportChanges() throws(HabitFlowError) -> [ChangeRecord] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            var out: [ChangeRecord] = []
            for change in try visibleChanges(store, user, since: 0, forPartner: false).changes {
                guard let kind = RecordKind(syncName: change.kind), kind != .partnership else { continue }
                if kind == .goalLink, change["goal_owner_id"] != .text(user) { continue }
                if SyncRules.directOwner(change, kind).owner == user { out.append(change) }
            }
            return out
        }
    }

    /// The log's changes after `since` (a page of `limit` when given) that `SyncRules.visible`
    /// lets the asking replica have.
    func visibleChanges(
        _ store: any StoreTransaction, _ user: String, since: Int64, limit: Int? = nil, forPartner: Bool,
        recipient: String? = nil
    ) throws(HabitFlowError)
        -> (changes: [ChangeRecord], cursor: Int64, more: Bool)
    {
        var scope = try sharingScope(store, user)
        var (all, cursor, more) = try store.changes(since: since, limit: limit)
        if more { all = try withParents(store, user, all) }
        if forPartner, let recipient, recipient != scope.partner {
            // Not the active partner: the profile and the side, and only to whom the side
            // names (an invitation, an answer) — an inviter learns nothing else of the user.
            guard try store.side(user: user)?.partnerId == recipient else { return ([], cursor, false) }
            scope = SharingScope(user: user)
        }
        // What a partner may see grows with a shared goal, a link or a partnership: records
        // logged before (a habit linked now, its entries) were left out then, so the partner's
        // feed starts over. Applying is idempotent: what they hold is ignored.
        if forPartner, since > 0,
            all.contains(where: {
                [RecordKind.goal.rawValue, RecordKind.goalLink.rawValue, RecordKind.partnership.rawValue].contains($0.kind)
            })
        {
            all = try store.changes(since: 0).changes
        }
        var out: [ChangeRecord] = []
        for change in all {
            guard let kind = RecordKind(syncName: change.kind) else { continue }
            let (owner, habitId) = SyncRules.directOwner(change, kind)
            if SyncRules.visible(change, kind, owner: owner, habitId: habitId, scope: scope, forPartner: forPartner) {
                out.append(forPartner ? SyncRules.partnerCopy(change) : change)
            }
        }
        return (out, cursor, more)
    }

    /// A page's changes with the records they point at that the page lacks, and theirs in
    /// turn, as held now, kinds in `RecordKind` order: a parent whose own change lies in a
    /// later page comes early too (applying it again then is ignored), so nothing a page
    /// brings dangles.
    ///
    /// A partner's habit comes with the links that share it (their live links from it, with
    /// those links' goals): its entries are let in only beside them (`SyncRules.checkOwner`),
    /// and links sort after entries.
    private func withParents(
        _ store: any StoreTransaction, _ user: String, _ page: [ChangeRecord]
    ) throws(HabitFlowError)
        -> [ChangeRecord]
    {
        var present = Set(page.map { c in [c.kind] + (RecordKind(syncName: c.kind).map(c.key) ?? []) })
        var added: [ChangeRecord] = [], pending = page
        var sharers = Set<[String]>()  // [owner, habit] of partners' habits whose links were added
        func add(_ kind: RecordKind, _ key: [String]) throws(HabitFlowError) {
            guard present.insert([kind.rawValue] + key).inserted, let held = try store.held(kind, key: key) else { return }
            added.append(held)
            pending.append(held)
        }
        while let change = pending.popLast() {
            guard let kind = RecordKind(syncName: change.kind) else { continue }
            for (columns, parent) in kind.references {
                let key = columns.compactMap { change.text($0) }
                guard key.count == columns.count else { continue }
                try add(parent, key)
            }
            if kind == .habit, let owner = change.text("owner_id"), owner != user, let id = change.text("id"),
                sharers.insert([owner, id]).inserted
            {
                for link in try store.fetchAll(GoalLink.self, where: .habitId, in: [id])
                where link.createdBy == owner && link.deletedAt == nil {
                    try add(.goalLink, [link.goalOwnerId, link.goalId, link.createdBy, link.habitId])
                }
            }
        }
        guard !added.isEmpty else { return page }
        let rank = Dictionary(uniqueKeysWithValues: RecordKind.allCases.enumerated().map { ($1.rawValue, $0) })
        return (page + added).enumerated().sorted { (rank[$0.element.kind] ?? 99, $0.offset) < (rank[$1.element.kind] ?? 99, $1.offset) }
            .map(\.element)
    }

    /// Applies another replica's changes in one transaction: all or nothing, idempotent,
    /// whatever the order. Two active entries for one (habit, day) are settled by
    /// `SyncRules.settle`; the entry set aside waits in `syncRepairs()`.
    ///
    /// - Throws: naming `changes[i].field`; then nothing is written.
    public func applyChanges(_ changes: [ChangeRecord]) throws(HabitFlowError) -> ApplySummary {
        try applyWriting(changes, holdingProfile: false) { _, _ throws(HabitFlowError) in }.applied
    }

    /// A server's `applyChanges` of a device's push: the user holds a profile after it (a
    /// stand-in when their replica has none, as a token given by an older server leaves it:
    /// see `init(holdingUser:)`), and the answer carries the user's partnership as the same
    /// transaction leaves it, so the server learns whom the push goes on to without a
    /// transaction of its own (applying reads those rows already).
    @_spi(Faces) public func applyChangesAndPartner(
        _ changes: [ChangeRecord]
    ) throws(HabitFlowError) -> (
        applied: ApplySummary, partner: PartnerStatus
    ) {
        let (applied, partner) = try applyWriting(changes, holdingProfile: true) { store, user throws(HabitFlowError) in
            try partnerStatus(store, user)
        }
        return (applied, partner)
    }

    /// `apply` in a write transaction of its own, then `then` in the same transaction.
    private func applyWriting<T>(
        _ changes: [ChangeRecord], holdingProfile: Bool, then: (any StoreTransaction, String) throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> (applied: ApplySummary, then: T) {
        let (store, user) = try requireStore()
        // A received entry may have moved between habits, which the read cache cannot follow
        // by sequence numbers: it reads everything again.
        defer { recordCache.withLock { $0 = nil } }
        return try store.write { store throws(HabitFlowError) in
            let applied = try apply(store, user, changes, source: changeSource, holdingProfile: holdingProfile).summary
            return (applied, try then(store, user))
        }
    }

    /// `applyChanges`' work inside a write transaction, for changes from `source`.
    ///
    /// - Parameter holdingBack: a record that breaks a rule is left out and reported
    ///   (`ApplySummary.heldBack`), with the records that point at it, and the rest applies —
    ///   for a pull, where one bad record of a server's must not stop a device for ever.
    ///   Otherwise it refuses the whole set.
    /// - Parameter holdingProfile: the user is given a stand-in profile first when the store
    ///   holds none (`ensurePlaceholderProfile(of:)`; a store reads it with the prefetch).
    /// - Returns: the summary, and whether applying wrote records of this replica's own (a
    ///   partnership's end makes shared goals personal): those are still to be pushed.
    func apply(
        _ store: any StoreTransaction, _ user: String, _ changes: [ChangeRecord], source: ChangeSource,
        holdingBack: Bool = false, holdingProfile: Bool = false, more: Bool = false
    ) throws(HabitFlowError) -> (summary: ApplySummary, rewrote: Bool) {
        var changes = try upgraded(changes, store, user)
        // A name an earlier version stored with a line break, an escape or a bidi override (it
        // refused none) arrives made safe, as a Loop import makes it: refusing it would stop
        // that device's sync, or that backup's restore, for good.
        for i in changes.indices where changes[i].kind != RecordKind.entry.rawValue {
            if let safe = TextLimit.safeNames(in: changes[i]) { changes[i] = safe }
        }
        try store.prefetch(changes)
        // After the prefetch, which a server's store sends with the replica's row: the clock
        // read here then costs no round trip of its own.
        let recovered = try recoverPinnedClock(store)
        if holdingProfile { try store.ensurePlaceholderProfile(of: user) }
        // A restore brings thousands of entries: the store may set per-row work aside.
        var habits: [String: Set<String>] = [:], entries = 0
        // By index here and below: `for c in changes` copied every change (a restore's 25,000).
        for i in changes.indices where changes[i].kind == RecordKind.entry.rawValue {
            guard let owner = changes[i].text("owner_id"), let habit = changes[i].text("habit_id") else { continue }
            habits[owner, default: []].insert(habit)
            entries += 1
        }
        let applied = try store.bulkInsert(habits: habits, count: entries) { () throws(HabitFlowError) in
            try applyInOrder(store, user, changes, source: source, holdingBack: holdingBack, more: more)
        }
        return (applied.summary, applied.rewrote || recovered)
    }

    /// How far ahead of this clock a replica's latest stamp shows it pinned (see
    /// `recoverPinnedClock`): a year, in milliseconds.
    static let pinnedAfter: Int64 = 366 * 86_400_000

    /// Recovers a replica whose clock a stamp far ahead pinned there (taken in before stamps
    /// were bounded: `SyncRules.maxClockLead`), so that no edit of its won and every other
    /// replica refused what it sent: the records stamped that far ahead are stamped again, now,
    /// as this replica's (their contents unchanged), and the clock set back to now. Every
    /// replica so pinned does the same when it next opens or syncs, and they converge on the
    /// same contents. Returns whether it did (those records are still to be pushed).
    ///
    /// Pinned means more than `pinnedAfter` ahead: a device whose clock went back days keeps
    /// the time its stamps carry (`firstOpenDay` dates its edits from it); a year is beyond
    /// any clock that is merely wrong and far short of the stamps an attack left (year 9998).
    @discardableResult
    func recoverPinnedClock(_ store: any StoreTransaction) throws(HabitFlowError) -> Bool {
        let now = clock()
        let nowMs = now.seconds * 1000
        guard let last = try store.lastStamp(), last.wallMilliseconds - nowMs > Self.pinnedAfter else { return false }
        let me = try store.replicaId()
        var stamp = HybridTimestamp(wallMilliseconds: nowMs, counter: 0, replicaId: me)
        try store.rewindClock(to: stamp)
        var days = Set<HabitDay>()
        for var change in try store.changes(since: 0, limit: nil).changes where change.stamp.wallMilliseconds - nowMs > Self.pinnedAfter {
            guard let kind = RecordKind(syncName: change.kind) else { continue }
            stamp = HybridTimestamp.tick(after: stamp, now: now, replicaId: me)
            change.stamp = stamp
            try store.receive(change, kind, new: false, settled: false)
            if kind == .entry, change.text("deleted_at") == nil, let owner = change.text("owner_id"), let habit = change.text("habit_id"),
                let day = change.text("day_key").flatMap({ try? DayKey(parsing: $0) })
            {
                days.insert(HabitDay(owner: owner, habit: habit, day: day))
            }
        }
        try settle(store, days.sorted { ($0.owner, $0.habit, $0.day) < ($1.owner, $1.habit, $1.day) })
        return true
    }

    /// `apply`'s work, the changes upgraded.
    private func applyInOrder(
        _ store: any StoreTransaction, _ user: String, _ changes: [ChangeRecord], source: ChangeSource, holdingBack: Bool,
        more: Bool
    ) throws(HabitFlowError) -> (summary: ApplySummary, rewrote: Bool) {
        var summary = ApplySummary()
        let now = clock()
        var touched = Set<HabitDay>()
        // A restore's days settle as they come: a new entry of a habit new to this store (no
        // entry of it can be held) and of no bundle, the set's only live entry on its day, is
        // that day's only contender, which `SyncRules.settle` keeps.
        var newHabits = Set<HabitText>()  // received here, not held before, of no bundle
        var moved: [HabitText: [String]] = [:]  // held, their bundle membership changed: the bundles they named
        var entriesOnDay: [HabitDayText: Int] = [:]  // live entries in the set
        entriesOnDay.reserveCapacity(changes.count)  // a restore: one a day, mostly (no rehash per growth)
        for i in changes.indices where changes[i].kind == RecordKind.entry.rawValue && changes[i].text("deleted_at") == nil {
            if let owner = changes[i].text("owner_id"), let habit = changes[i].text("habit_id"), let day = changes[i].text("day_key") {
                entriesOnDay[HabitDayText(owner: owner, habit: habit, day: day), default: 0] += 1
            }
        }
        // Profiles and partnerships first (a side points at two profiles): what they make of
        // the partnership decides what else of the partner may come in. Then parents before
        // children (`RecordKind` order).
        func rank(_ kind: String) -> Int {
            guard let k = RecordKind(syncName: kind) else { return 99 }
            return k == .user ? -2 : k == .partnership ? -1 : RecordKind.allCases.firstIndex(of: k)!
        }
        // A backup or a page comes parents first already (every face writes it so): then no sort.
        let ranks = changes.map { rank($0.kind) }
        let ordered =
            zip(ranks, ranks.dropFirst()).allSatisfy { $0 <= $1 }
            ? Array(changes.indices) : changes.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
        // What the partnership shares before: a set that changes it settles it again at the end.
        let sharing = [RecordKind.goal.rawValue, RecordKind.goalLink.rawValue, RecordKind.partnership.rawValue]
        let sharedBefore = try changes.contains { sharing.contains($0.kind) } ? sharingScope(store, user) : nil
        var scope = try sharingScope(store, user, incoming: changes, source: source)
        // Only a partnership in the set can change the scope once it is in.
        let partnerships = changes.contains { $0.kind == RecordKind.partnership.rawValue }
        var rescoped = !partnerships
        let partnerBefore = partnerships ? try store.partnership(user: user)?.partnerId : nil
        // Records left out of this set for breaking a rule (`holdingBack`), by kind and key:
        // their children go with them, and so do records whose parent is neither here nor
        // held (left out of an earlier pull), so nothing applied ever dangles.
        var heldBack = Set<[String]>()
        let incoming = holdingBack ? Set(changes.map { c in [c.kind] + (RecordKind(syncName: c.kind).map(c.key) ?? []) }) : []
        var present = Set<[String]>()  // parents found held, each looked up once
        // Each habit's `multiple_per_day` and whether it is a bundle, read once (a restore
        // asks for every entry); read again after a habit is applied.
        var habitsRead: [HabitText: (multiplePerDay: Bool, bundle: Bool)?] = [:]
        func entryHabit(_ owner: String, _ habit: String) throws(HabitFlowError) -> (multiplePerDay: Bool, bundle: Bool)? {
            let key = HabitText(owner: owner, habit: habit)
            if let known = habitsRead[key] { return known }
            let read = try store.habit(habit, of: owner).map { ($0.multiplePerDay, $0.bundle != nil) }
            habitsRead[key] = read
            return read
        }
        func holdBack(_ change: ChangeRecord, _ error: HabitFlowError) throws(HabitFlowError) {
            guard holdingBack, [.invalidArgument, .limitExceeded, .unknownZone, .invalidDate, .notFound].contains(error.code) else {
                throw error
            }
            let record = HeldBackRecord(change, error, advice: "it is kept where it was written until it is fixed there; then sync again")
            heldBack.insert([change.kind] + record.key)
            summary.heldBack.append(record)
        }
        for i in ordered {
            let change = changes[i]
            if !rescoped, rank(change.kind) >= 0 {
                scope = try sharingScope(store, user, incoming: changes, source: source)
                rescoped = true
            }
            let at = "changes[\(i)]"
            let kind: RecordKind, record: ChangeRecord
            do throws(HabitFlowError) {
                (kind, record) = try validated(change, at: at)
                try SyncRules.checkLead(change.stamp, now: now, at: at)
                if kind == .goalVersion { try SyncRules.checkVersionDay(record, stamp: change.stamp, at: at) }
                if kind == .goal { try SyncRules.checkDecision(record, now: now, at: at) }
                for (columns, parent) in kind.references where holdingBack {
                    let values = columns.compactMap { record.text($0) }
                    guard values.count == columns.count else { continue }  // no parent named
                    if heldBack.contains([parent.rawValue] + values) {
                        throw HabitFlowError.invalid(at, "\(at): its \(parent.rawValue) \(values.joined(separator: "/")) is held back")
                    }
                    // The user's own side may name someone unheard of: a stand-in profile follows.
                    if kind == .partnership, columns == ["partner_id"], record["user_id"] == .text(user) { continue }
                    // Parents of another kind were applied (or left out) before; one of the same
                    // kind (a bundle) may come later in the set.
                    let ref = [parent.rawValue] + values
                    if present.contains(ref) || (parent == kind && incoming.contains(ref)) { continue }
                    guard try store.held(parent, key: values) != nil else {
                        throw HabitFlowError(
                            .notFound, "\(at): its \(parent.rawValue) \(values.joined(separator: "/")) is not here", field: at)
                    }
                    present.insert(ref)
                }
            } catch {
                try holdBack(change, error)
                continue
            }
            let key = record.key(kind)
            let held = try store.held(kind, key: key)
            var settled = false
            guard try SyncRules.checkOwner(record, kind, held: held, scope: scope, source: source, at: at),
                SyncRules.replaces(record, held: held)
            else {
                summary.ignored += 1
                continue
            }
            do throws(HabitFlowError) {
                let habit: (multiplePerDay: Bool, bundle: Bool)? =
                    if kind == .entry || kind == .targetVersion, case let .text(owner)? = record["owner_id"],
                        case let .text(habitId)? = record["habit_id"]
                    {
                        try entryHabit(owner, habitId)
                    } else { nil }
                // A bundle parent takes no entry, and no target or pause of its own, at any door
                // (SPEC §4): its days are its children's. A version held from before stays.
                if habit?.bundle == true, record.text("deleted_at") == nil, kind == .entry || held?["habit_id"] != record["habit_id"] {
                    throw HabitFlowError.invalid(
                        "\(at).habit_id",
                        "\(at): habit \(record.text("habit_id") ?? "") is a bundle: it takes no "
                            + (kind == .entry ? "entry (log one of its habits)" : "target or pause (set them on its habits)"))
                }
                try SyncRules.checkFixed(record, kind, held: held, habitMultiplePerDay: habit?.multiplePerDay, at: at)
                if kind == .entry, held == nil, record.text("deleted_at") == nil, let owner = record.text("owner_id"),
                    let habit = record.text("habit_id"), let day = record.text("day_key")
                {
                    settled =
                        newHabits.contains(HabitText(owner: owner, habit: habit))
                        && entriesOnDay[HabitDayText(owner: owner, habit: habit, day: day)] == 1
                }
                do throws(HabitFlowError) { try store.receive(record, kind, new: held == nil, settled: settled) } catch {
                    guard error.code != .storage else { throw error }
                    throw HabitFlowError(.invalidArgument, "\(at): \(error.message)", field: at)
                }
                if kind == .habit { habitsRead.removeAll() }
            } catch {
                try holdBack(change, error)
                continue
            }
            if kind == .habit, let owner = record.text("owner_id"), let id = record.text("id") {
                if held == nil, record.text("bundle_id") == nil, record.text("bundle_days") == nil {
                    newHabits.insert(HabitText(owner: owner, habit: id))
                } else if let held, held["bundle_id"] != record["bundle_id"] || held["bundle_days"] != record["bundle_days"] {
                    let before = (try? BundleDays(parsing: held.text("bundle_days")))?.spans.map(\.bundleId) ?? []
                    moved[HabitText(owner: owner, habit: id), default: []] += before + [held.text("bundle_id")].compactMap { $0 }
                }
            }
            if kind == .entry, !settled, case let .text(owner)? = record["owner_id"], case let .text(habitId)? = record["habit_id"],
                case let .text(day)? = record["day_key"]
            {
                // The day it leaves.
                if case let .text(h)? = held?["habit_id"], case let .text(d)? = held?["day_key"], let d = try? DayKey(parsing: d) {
                    touched.insert(HabitDay(owner: owner, habit: h, day: d))
                }
                if let day = try? DayKey(parsing: day) { touched.insert(HabitDay(owner: owner, habit: habitId, day: day)) }
            }
            // The user's side names someone this replica has not heard of (an invitation made
            // elsewhere): a stand-in profile, as `invitePartner` makes, until theirs arrives.
            if kind == .partnership, record["user_id"] == .text(user), case let .text(to)? = record["partner_id"], try store.user(to) == nil
            {
                let me = try profile(store, user)
                try store.savePlaceholder(
                    UserProfile(id: to, zone: me.zone, weeks: me.weeks, createdAt: me.createdAt, updatedAt: me.createdAt))
            }
            summary.applied += 1
        }
        if let dangling = try store.danglingReference() {
            throw HabitFlowError(.notFound, "a change has no parent: \(dangling); send the parent too", field: "changes")
        }
        // The partner ended the partnership elsewhere: the user's shared goals become personal
        // here too, as `unlinkPartner` makes them on the side that ended it (001).
        var rewrote = false
        // The partnership stopped being active: the partner's copies go; the user's own shared
        // goals become personal only on an end for good (an answer awaited may be on its way,
        // in a later page of a pull, and a re-share after it must not lose to this rewrite).
        if let partnerBefore, try store.partnership(user: user)?.partnerId != partnerBefore {
            let ended = try sharingEnded(store, user, with: partnerBefore)
            try endSharing(store, user, with: partnerBefore, ownGoals: ended)
            rewrote = rewrote || ended
        }
        // An end wins over an edit made before its editor heard of it: a goal of the user's
        // that arrives shared after the partnership ended is made personal here, as every
        // replica that takes it does. (While a side is still to arrive, nothing is decided.)
        // One shared with someone the user's side no longer names is made personal at once.
        let sharedGoals = changes.compactMap { c in
            c.kind == RecordKind.goal.rawValue && c["shared"] == .integer(1) && c.text("owner_id") == user ? c.text("id") : nil
        }
        if !sharedGoals.isEmpty {
            let ended = try sharingEnded(store, user)
            let named = try store.side(user: user).map(\.partnerId)
            for id in sharedGoals {
                guard var goal = try store.goal(id, of: user), goal.shared,
                    ended || (goal.sharedWith != nil && named != nil && goal.sharedWith != named)
                else { continue }
                goal.shared = false
                goal.sharedWith = nil
                goal.decideAccess(at: now)
                goal.updatedAt = now
                try store.save(goal)
                rewrote = true
            }
        }
        for (owner, ids) in Dictionary(grouping: moved, by: \.key.owner) {
            touched.formUnion(try membershipDays(store, owner: owner, habits: ids.map { ($0.key.habit, $0.value) }))
        }
        summary.repairs = try settle(store, touched.sorted { ($0.owner, $0.habit, $0.day) < ($1.owner, $1.habit, $1.day) })
        // What the partnership no longer shares goes once a pull is whole: a later page may
        // share again what this one stopped sharing (`settleSharing`).
        if more {
            if sharedBefore != nil { try store.setFlag(user: user, key: Self.unsettledKey, value: "1") }
        } else if let sharedBefore {
            try settleSharing(store, user, before: sharedBefore)
        } else if try unsettled(store, user) {
            try settleSharing(store, user, before: try sharingScope(store, user))
        }
        return (summary, rewrote)
    }

    /// Whether the user's partnership (with `partner`, when known) has ended for good, as far
    /// as this replica knows: the user's side ended or names another, or the other side ended
    /// or names another. A side not here yet, or two sides where an answer to a new invitation
    /// is awaited (a page of a pull may hold one without the other), decide nothing.
    func sharingEnded(_ store: any StoreTransaction, _ user: String, with partner: String? = nil) throws(HabitFlowError) -> Bool {
        guard let mine = try store.side(user: user) else { return false }
        if mine.deletedAt != nil { return true }
        if let partner, mine.partnerId != partner { return true }
        guard let theirs = try store.side(user: mine.partnerId) else { return false }
        return theirs.deletedAt != nil || theirs.partnerId != user
    }

    /// `SyncRules.validated`, and a profile's zone one this replica can read: every day of
    /// that user is derived in it (read as its replica stored it: `storedZone`).
    func validated(_ change: ChangeRecord, at: String) throws(HabitFlowError) -> (RecordKind, ChangeRecord) {
        let (kind, record) = try SyncRules.validated(change, at: at)
        if kind == .user, case let .text(zone)? = record["zone"] {
            do throws(TimeError) { _ = try zones.storedZone(named: zone) } catch { throw HabitFlowError(error, field: "\(at).zone") }
        }
        return (kind, record)
    }

    /// Changes written by an earlier version — a backup, a peer not yet upgraded — lack the
    /// fields added since, each given what the store's migration gave existing records: a
    /// user's `day_starts_at` (schema 7) is the one held, else 0, and so are the first weekdays
    /// before a change (`earlier_first_weekdays`, schema 15: else none, so an older peer's
    /// edit never drops the weeks that began); entries and target versions name no owner
    /// (`owner_id`) and links no goal owner (`goal_owner_id`, schema 9). Theirs is their
    /// habit's (goal's) owner: the user when the user holds one with that id (in the store or
    /// in the same set), else the partner when they do, else the user (then the reference
    /// dangles and the set is refused).
    func upgraded(_ changes: [ChangeRecord], _ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> [ChangeRecord] {
        let entry = RecordKind.entry.rawValue, version = RecordKind.targetVersion.rawValue, link = RecordKind.goalLink.rawValue
        let profile = RecordKind.user.rawValue
        guard
            changes.contains(where: { c in
                ((c.kind == entry || c.kind == version) && !c.has("owner_id")) || (c.kind == link && !c.has("goal_owner_id"))
                    || (c.kind == profile && !(c.has("day_starts_at") && c.has("earlier_first_weekdays")))
                    || (c.kind == RecordKind.habit.rawValue && !c.has("bundle_days"))
                    || (c.kind == RecordKind.partnership.rawValue && !c.has("accepted_invitation_at"))
                    || (c.kind == RecordKind.goal.rawValue && !(c.has("shared_with") && c.has("access_changed_at")))
            })
        else { return changes }
        var owners = [user]
        if let partner = try store.partnership(user: user)?.partnerId { owners.append(partner) }
        var inSet = Set<[String]>()  // kind, owner, id
        for c in changes where c.kind == RecordKind.habit.rawValue || c.kind == RecordKind.goal.rawValue {
            if let owner = c.text("owner_id"), let id = c.text("id") { inSet.insert([c.kind, owner, id]) }
        }
        func owner(_ kind: RecordKind, _ id: String) throws(HabitFlowError) -> String {
            for candidate in owners {
                if inSet.contains([kind.rawValue, candidate, id]) { return candidate }
                let held = kind == .habit ? try store.habit(id, of: candidate) != nil : try store.goalExists(id, of: candidate)
                if held { return candidate }
            }
            return user
        }
        var out: [ChangeRecord] = []
        out.reserveCapacity(changes.count)
        for var c in changes {
            if c.kind == entry || c.kind == version, c["owner_id"] == nil, let habit = c.text("habit_id") {
                c.fields.append(("owner_id", .text(try owner(.habit, habit))))
            } else if c.kind == link, c["goal_owner_id"] == nil, let goal = c.text("goal_id") {
                c.fields.append(("goal_owner_id", .text(try owner(.goal, goal))))
            } else if c.kind == RecordKind.habit.rawValue, c["bundle_days"] == nil {
                // An older peer's habit knows no bundle days: the ones held stay (SPEC §6a), and
                // a membership its edit ended (a removal, an archive, a delete) ends on its day.
                // A held habit stored before membership had days counts for its `bundle_id`
                // always: that membership ends on the edit's day the same way.
                let held = try c.text("owner_id").flatMap { owner throws(HabitFlowError) in
                    try c.text("id").flatMap { id throws(HabitFlowError) in try store.held(.habit, key: [owner, id]) }
                }
                var value = held?["bundle_days"] ?? .null
                if let held, let updated = c.text("updated_at").flatMap({ try? Instant(parsing: $0) }),
                    var days = try? BundleDays(parsing: held.text("bundle_days"))
                {
                    let current = held.text("bundle_days") == nil ? held.text("bundle_id") : nil
                    let day = try userZone(store, user).0.dayKey(at: updated)
                    let counting = c.text("deleted_at") == nil && c["archived"] != .integer(1)
                    if let current, !counting || c.text("bundle_id") != current { days.leave(current, on: day, current: current) }
                    for span in days.spans where span.days.isOpen && (!counting || c.text("bundle_id") != span.bundleId) {
                        days.leave(span.bundleId, on: day, current: nil)
                    }
                    value = days.text.map { .text($0) } ?? .null
                }
                c.fields.append(("bundle_days", value))
            } else if c.kind == RecordKind.goal.rawValue {
                // An older peer's goal names no partner: the one held stays while it is shared.
                // Nor does it know of its owner's decisions: the one held stays (an older peer's
                // edit is an edit, never a decision).
                let held = try c.text("owner_id").flatMap { owner throws(HabitFlowError) in
                    try c.text("id").flatMap { id throws(HabitFlowError) in try store.held(.goal, key: [owner, id]) }
                }
                if !c.has("shared_with") { c.fields.append(("shared_with", held?["shared_with"] ?? .null)) }
                if !c.has("access_changed_at") {
                    // Its edit that shares, unshares, deletes or restores is a decision, made when
                    // it was (the held one stays if later).
                    var decided = held?["access_changed_at"] ?? .null
                    if let held, held["shared"] != c["shared"] || (held["deleted_at"] == .null) != (c["deleted_at"] == .null),
                        let made = c.text("updated_at").flatMap({ try? Instant(parsing: $0) }),
                        held.text("access_changed_at").flatMap({ try? Instant(parsing: $0) }).map({ made > $0 }) ?? true
                    {
                        decided = RowValue.instant(made)
                    }
                    c.fields.append(("access_changed_at", decided))
                }
            } else if c.kind == RecordKind.partnership.rawValue, c["accepted_invitation_at"] == nil {
                // An older peer's side says nothing of what it answers: a live side made after
                // the partner's open invitation to its user answers it; any other reads as
                // before (`SharingScope.activePartner`).
                var value = ChangeRecord.Value.null
                if c.text("deleted_at") == nil, let me = c.text("user_id"), let other = c.text("partner_id"),
                    let made = c.text("created_at").flatMap({ try? Instant(parsing: $0) }),
                    let theirs = try store.side(user: other), theirs.deletedAt == nil, theirs.partnerId == me, theirs.isInvitation,
                    made != theirs.createdAt  // (two devices' clocks: not an order to trust)
                {
                    value = RowValue.instant(theirs.createdAt)
                }
                c.fields.append(("accepted_invitation_at", value))
            } else if c.kind == profile {
                // The settings this replica holds, never a default over a newer one's choice.
                for (name, fallback) in [("day_starts_at", ChangeRecord.Value.integer(0)), ("earlier_first_weekdays", .null)]
                where c[name] == nil {
                    let held = try c.text("id").flatMap { id throws(HabitFlowError) in try store.held(.user, key: [id])?[name] }
                    c.fields.append((name, held ?? fallback))
                }
            }
            out.append(c)
        }
        return out
    }

    /// Whose entries compete with whose, read once per settling: options of a choice bundle
    /// compete on the days they counted for it (SPEC §6a), as `log` has them compete, so
    /// every replica sets the same entries aside whatever order the records came in.
    struct Rivals {
        private var habits: [HabitText: Habit?] = [:]
        private var all: [String: [Habit]] = [:]

        mutating func habit(_ store: any StoreTransaction, _ owner: String, _ id: String) throws(HabitFlowError) -> Habit? {
            let key = HabitText(owner: owner, habit: id)
            if let known = habits[key] { return known }
            let read = try store.habit(id, of: owner)
            habits[key] = read
            return read
        }

        private mutating func isChoice(_ store: any StoreTransaction, _ owner: String, _ id: String) throws(HabitFlowError) -> Bool {
            try habit(store, owner, id)?.bundle == .choice
        }

        private mutating func everyHabit(_ store: any StoreTransaction, _ owner: String) throws(HabitFlowError) -> [Habit] {
            if let known = all[owner] { return known }
            let read = try store.habits(owner: owner)
            all[owner] = read
            return read
        }

        /// The habits whose entries compete with `id`'s on `day`, sorted: every habit that
        /// counts for the choice bundle `id` counts for that day, else `id` alone.
        mutating func onDay(_ store: any StoreTransaction, _ owner: String, _ id: String, _ day: DayKey) throws(HabitFlowError) -> [String]
        {
            guard let parent = try habit(store, owner, id)?.bundleId(on: day), try isChoice(store, owner, parent) else { return [id] }
            return try everyHabit(store, owner).filter { $0.bundleId(on: day) == parent }.map(\.id).sorted()
        }

        /// Every habit in a choice bundle `id` is or was in, `id` among them, sorted: those whose
        /// entries compete, or competed, with its. `also`: bundles a version of it held before
        /// named (the record that replaced it may name none of them).
        mutating func ever(
            _ store: any StoreTransaction, _ owner: String, _ id: String, also: [String] = []
        ) throws(HabitFlowError) -> [String] {
            var parents: [String] = []
            for p in Set((try habit(store, owner, id)?.bundlesNamed ?? []) + also) where try isChoice(store, owner, p) { parents.append(p) }
            guard !parents.isEmpty else { return [id] }
            let ids = try everyHabit(store, owner).filter { h in h.bundlesNamed.contains { parents.contains($0) } }.map(\.id)
            return Set(ids + [id]).sorted()
        }
    }

    /// The days a change of `habits`' bundle membership may settle otherwise: their logged
    /// days, and every day a habit that competed with them holds an entry set aside.
    ///
    /// - Parameter habits: each habit, with the bundles its version held before named.
    func membershipDays(
        _ store: any StoreTransaction, owner: String, habits: [(id: String, before: [String])]
    ) throws(HabitFlowError) -> Set<HabitDay> {
        var rivals = Rivals()
        var days = Set<HabitDay>()
        for (id, before) in habits {
            let group = try rivals.ever(store, owner, id, also: before)
            guard group.count > 1 else { continue }
            for n in try store.activeDays(owner: owner, habit: id).days {
                if let day = DayKey(dayNumber: Int(n)) { days.insert(HabitDay(owner: owner, habit: id, day: day)) }
            }
            for (habit, day) in try store.setAsideDays(owner: owner, habits: group) {
                days.insert(HabitDay(owner: owner, habit: habit, day: day))
            }
        }
        return days
    }

    /// Settles the days a local change of habit `id`'s bundle membership touched (see
    /// `membershipDays`), as a replica that receives the change settles them.
    func resettle(_ store: any StoreTransaction, owner: String, habit id: String) throws(HabitFlowError) {
        let days = try membershipDays(store, owner: owner, habits: [(id, [])])
        if !days.isEmpty { try settle(store, days.sorted { ($0.habit, $0.day) < ($1.habit, $1.day) }) }
    }

    /// Settles one (habit, day): `settle(_:_:)` of that day alone. Returns whether any entry is set aside.
    @discardableResult
    func settle(_ store: any StoreTransaction, owner: String, habit: String, day: DayKey) throws(HabitFlowError) -> Bool {
        try settle(store, [HabitDay(owner: owner, habit: habit, day: day)]) > 0
    }

    /// A habit's day of an owner's.
    struct HabitDay: Hashable {
        var owner: String
        var habit: String
        var day: DayKey
    }

    /// An owner's habit, as a record's text names it (a key that allocates nothing).
    struct HabitText: Hashable {
        var owner: String
        var habit: String
    }

    /// A habit's day of an owner's, as a record's text names it.
    struct HabitDayText: Hashable {
        var owner: String
        var habit: String
        var day: String

        /// The habit and the day: a set's entries are nearly all one owner's, and hashing the
        /// owner too was a tenth of a restore's bookkeeping. (Equality still compares all three.)
        func hash(into hasher: inout Hasher) {
            hasher.combine(habit)
            hasher.combine(day)
        }
    }

    /// Settles (habit, day)s — for an option of a choice bundle, the bundle's day: of each
    /// day's active entries, `SyncRules.settle` picks those that stay; the others are set
    /// aside. The days of one conflict group are read together and the changes written
    /// together (a restore settles every day it brings). Returns how many of those days hold
    /// an entry set aside.
    @discardableResult
    func settle(_ store: any StoreTransaction, _ days: some Collection<HabitDay>) throws(HabitFlowError) -> Int {
        var groups: [[String]: Set<DayKey>] = [:]  // owner, then the group's habits
        var order: [[String]] = []
        var rivals = Rivals()
        for d in days {
            let group = [d.owner] + (try rivals.onDay(store, d.owner, d.habit, d.day))
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].insert(d.day)
        }
        var aside: [(owner: String, id: String)] = [], back: [(owner: String, id: String)] = []
        var kept = 0
        for group in order {
            let owner = group[0]
            let contenders = try store.contenders(owner: owner, habits: Array(group.dropFirst()), days: Array(groups[group]!))
            var start = contenders.startIndex
            while start < contenders.endIndex {
                let day = contenders[start].entry.dayKey
                let end = contenders[start...].firstIndex { $0.entry.dayKey != day } ?? contenders.endIndex
                let onDay = contenders[start..<end]
                let keep = SyncRules.settle(Array(onDay))
                for c in onDay {
                    let stays = keep.contains(c.entry.id)
                    if stays, c.setAside { back.append((owner, c.entry.id)) }
                    if !stays, !c.setAside { aside.append((owner, c.entry.id)) }
                }
                if keep.count < onDay.count { kept += 1 }
                start = end
            }
        }
        // Aside first, then active: one active entry per (habit, day) at every step.
        for (list, value) in [(aside, true), (back, false)] {
            for (owner, ids) in Dictionary(grouping: list, by: \.owner).sorted(by: { $0.key < $1.key }) {
                try store.setAside(owner: owner, entries: ids.map(\.id), value)
            }
        }
        return kept
    }

    /// Saves a locally changed entry; a delete or move may free a day a merge had set an entry
    /// aside on, so those days of its conflict group are settled again.
    ///
    /// - Parameter habit: the entry's habit, when the caller has it (saves reading it again).
    func updateEntry(_ store: any StoreTransaction, _ entry: HabitEntry, owner: String, habit: Habit? = nil) throws(HabitFlowError) {
        if let habit {
            try store.save(StoredEntry(entry, ownerId: owner, multiplePerDay: habit.multiplePerDay))
        } else {
            try store.update(entry, of: owner)
        }
        var rivals = Rivals()
        for (habit, day) in try store.setAsideDays(owner: owner, habits: try rivals.ever(store, owner, entry.habitId)) {
            try settle(store, owner: owner, habit: habit, day: day)
        }
    }

    /// Merge conflicts kept for the user: each (habit, day) with the entry kept and those set aside.
    public func syncRepairs() throws(HabitFlowError) -> [EntryRepair] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try repairs(store, user) }
    }

    private func repairs(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> [EntryRepair] {
        var out: [EntryRepair] = []
        var seen = Set<[String]>()
        var rivals = Rivals()
        for (habit, day) in try store.setAsideDays(owner: user, habits: try store.habits(owner: user).map(\.id)) {
            let group = try rivals.onDay(store, user, habit, day)
            guard seen.insert(group + [day.description]).inserted else { continue }
            let contenders = try store.contenders(owner: user, habits: group, days: [day])
            guard contenders.count > 1, let kept = contenders.first(where: { !$0.setAside })?.entry else { continue }
            let reason = EntryConflict.keep(contenders.map { ($0.entry, $0.stamp) }).reason
            out.append(
                EntryRepair(
                    habitId: kept.habitId, dayKey: day, kept: kept, setAside: contenders.filter(\.setAside).map(\.entry), reason: reason,
                    replicas: Dictionary(contenders.map { ($0.entry.id, $0.stamp.replicaId) }, uniquingKeysWith: { a, _ in a })))
        }
        return out.sorted { ($0.dayKey, $0.habitId) < ($1.dayKey, $1.habitId) }
    }

    /// Resolves a repair: `entryId` stays the day's entry; the group's other entries are
    /// deleted (tombstones, which sync carries to every replica). Values are never merged.
    public func resolveRepair(keeping entryId: String) throws(HabitFlowError) -> HabitEntry {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            let (entry, _) = try ownedEntry(store, user, entryId)
            guard entry.isActive else { throw HabitFlowError(.conflict, "entry \(entryId) is deleted", field: "entryId") }
            guard
                let repair = try repairs(store, user).first(where: { r in
                    r.dayKey == entry.dayKey && (r.kept.id == entryId || r.setAside.contains { $0.id == entryId })
                })
            else {
                throw HabitFlowError(.notFound, "entry \(entryId) is in no repair", field: "entryId")
            }
            for var other in [repair.kept] + repair.setAside where other.id != entryId {
                other.deletedAt = now
                other.updatedAt = now
                try store.update(other, of: user)
            }
            try settle(store, owner: user, habit: entry.habitId, day: entry.dayKey)
            return entry
        }
    }

    /// Every synced record of the user, sorted: equal on two replicas that saw the same changes.
    @_spi(Faces) public func canonicalDump() throws(HabitFlowError) -> [ChangeRecord] {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            try visibleChanges(store, user, since: -1, forPartner: false).changes.sorted {
                ($0.kind, $0.fields.map { "\($0.value)" }.joined(separator: "|")) < (
                    $1.kind, $1.fields.map { "\($0.value)" }.joined(separator: "|")
                )
            }
        }
    }
}
