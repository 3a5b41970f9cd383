import HabitFlowCore
import HabitFlowStore

extension Engine {
    /// Invites `partnerId` to partner with the user: the user's side of the partnership.
    /// Nothing is shared until they accept (`acceptPartner`) on their replica, or in this
    /// store: consent is per invitation, so an answer they gave an earlier invitation (before
    /// a partnership ended) is no answer to this one. Inviting someone whose open invitation
    /// names the user accepts it. Someone this store has not heard of gets a stand-in profile
    /// until theirs arrives by sync. Inviting the same user again changes nothing.
    ///
    /// - Throws: `conflict` when the user already has a partner or an open invitation to
    ///   someone else (unlink first).
    public func invitePartner(_ partnerId: String) throws(HabitFlowError) -> PartnerStatus {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try RecordID.validate(partnerId, field: "userId")
            guard partnerId != user else { throw HabitFlowError.invalid("userId", "a user cannot partner with themselves") }
            // Their open invitation to the user is answered by inviting them back. A side of
            // theirs written before sides said what they answer is one while the user has none.
            let mine = try store.side(user: user)
            var accepting: Instant?
            if let theirs = try store.side(user: partnerId), theirs.deletedAt == nil, theirs.partnerId == user,
                theirs.isInvitation || (theirs.acceptedInvitationAt == nil && mine == nil)
            {
                accepting = theirs.createdAt
            }
            try saveSide(store, user, naming: partnerId, live: true, accepting: accepting, now: now)
            return try partnerStatus(store, user)
        }
    }

    /// Accepts the invitation of `partnerId`: the partnership is active once both sides are.
    /// - Throws: `notFound` when they have not invited the user; `conflict` as `invitePartner`.
    public func acceptPartner(_ partnerId: String) throws(HabitFlowError) -> PartnerStatus {
        try answer(partnerId, accept: true)
    }

    /// Declines the invitation of `partnerId`: the user's side names them, ended, so their
    /// replica learns the answer; nothing is shared.
    public func declinePartner(_ partnerId: String) throws(HabitFlowError) -> PartnerStatus {
        try answer(partnerId, accept: false)
    }

    private func answer(_ partnerId: String, accept: Bool) throws(HabitFlowError) -> PartnerStatus {
        let (store, user) = try requireStore()
        let now = clock()
        return try store.write { store throws(HabitFlowError) in
            try RecordID.validate(partnerId, field: "userId")
            guard let theirs = try store.side(user: partnerId), theirs.deletedAt == nil, theirs.partnerId == user else {
                throw HabitFlowError(.notFound, "\(partnerId) has not invited you (partner.get lists invitations)", field: "userId")
            }
            try saveSide(store, user, naming: partnerId, live: accept, accepting: accept ? theirs.createdAt : nil, now: now)
            return try partnerStatus(store, user)
        }
    }

    /// Writes the user's side: live (an invitation, or the acceptance of the invitation made
    /// at `accepting`) or ended (a refusal).
    private func saveSide(
        _ store: any StoreTransaction, _ user: String, naming partnerId: String, live: Bool, accepting: Instant?, now: Instant
    ) throws(HabitFlowError) {
        let mine = try store.side(user: user)
        if let mine, mine.deletedAt == nil, mine.partnerId != partnerId {
            throw HabitFlowError(
                .conflict, "you already have a partner or an open invitation (\(mine.partnerId)): unlink first", field: "userId")
        }
        if let mine, mine.partnerId == partnerId, (mine.deletedAt == nil) == live {
            // Already so: ended, an invitation asked again, or that invitation accepted.
            if !live || accepting == nil || (mine.acceptedInvitationAt == accepting && !mine.isInvitation) { return }
        }
        if try store.user(partnerId) == nil {
            let me = try profile(store, user)
            try store.savePlaceholder(
                UserProfile(id: partnerId, zone: me.zone, weeks: me.weeks, createdAt: now, updatedAt: now))
        }
        // Made after the invitation it answers and after the user's side before it, even on a
        // clock that has not moved: an invitation is the side that names its own making, and
        // a new invitation is never the one an earlier answer named.
        var made = now
        for earlier in [accepting, mine?.createdAt] { if let earlier { made = max(made, earlier.successor()) } }
        try store.save(
            Partnership(
                userId: user, partnerId: partnerId, createdAt: made, deletedAt: live ? nil : made,
                acceptedInvitationAt: live ? (accepting ?? made) : nil))
    }

    /// Ends the user's side: the partnership (or the open invitation) ends. Shared goals
    /// become personal goals of their creators — the user's own stop being shared, and the
    /// partner's leave the user's view — and links across stop counting (001 edge cases).
    public func unlinkPartner() throws(HabitFlowError) {
        let (store, user) = try requireStore()
        let now = clock()
        try store.write { store throws(HabitFlowError) in
            guard var mine = try store.side(user: user), mine.deletedAt == nil else {
                throw HabitFlowError(.notFound, "you have no partner or open invitation", field: "userId")
            }
            let partner = try store.partnership(user: user)?.partnerId
            mine.deletedAt = now
            try store.save(mine)
            if let partner { try endSharing(store, user, with: partner) }
        }
    }

    /// The partnership with `partner` ended (here, or on their side): the user's shared goals
    /// become personal, and this replica drops its copies of what `partner` shared — their
    /// goals, habits, entries and links, and the user's links to their goals. Every replica
    /// of the user does the same when it learns of the end, so none keeps a stale copy and a
    /// new device gets none (issue 26). A store `partner` writes in too (one file two people
    /// use) holds their own records, not copies: it keeps them, hidden from the user.
    ///
    /// - Parameter ownGoals: make the user's shared goals personal (`false`: only drop the
    ///   partner's copies — the partnership is not active, and may be again).
    func endSharing(_ store: any StoreTransaction, _ user: String, with partner: String, ownGoals: Bool = true) throws(HabitFlowError) {
        let writesHere = try usesStore(store, partner)
        let now = clock()
        for var goal in try store.goals(owners: writesHere ? [user, partner] : [user]) where goal.shared && ownGoals {
            goal.shared = false
            goal.sharedWith = nil
            goal.decideAccess(at: now)
            goal.updatedAt = now
            try store.save(goal)
        }
        if !writesHere { try store.forget(owner: partner) }
    }

    /// Settles what the partnership shares after a change set that may have changed it
    /// (`before`: the scope before it): copies no longer shared go (`forgetUnshared`), and
    /// when it shares more than before, every remote's pull starts over (`widenSharing`).
    func settleSharing(_ store: any StoreTransaction, _ user: String, before: SharingScope) throws(HabitFlowError) {
        if try unsettled(store, user) { try store.setFlag(user: user, key: Self.unsettledKey, value: "") }
        let after = try sharingScope(store, user)
        if after.partner != nil,
            after.partner != before.partner || !after.sharedGoals.isSubset(of: before.sharedGoals)
                || !after.partnerHabits.isSubset(of: before.partnerHabits)
        {
            try widenSharing(store, user)
        }
        try forgetUnshared(store, user, scope: after)
    }

    /// The partnership shares more than it did (a goal shared again, a habit linked anew):
    /// records of the partner's this replica dropped may be wanted again, and their partner's
    /// replica logged them long ago — so the next pull of every partner feed (a remote
    /// applied with `ChangeSource.partner`) starts over from its beginning (`remoteCursors`;
    /// applying again what is held changes nothing). A device's pull from its own server
    /// never needs to: its server replica logs anew what it takes in again.
    func widenSharing(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) {
        let epoch = (try store.flag(user: user, key: Self.sharingEpochKey)).flatMap { Int64($0) } ?? 0
        try store.setFlag(user: user, key: Self.sharingEpochKey, value: String(epoch + 1))
    }

    /// Whether what the partnership shares changed and is not settled yet (`unsettledKey`).
    func unsettled(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> Bool {
        try store.flag(user: user, key: Self.unsettledKey).map { !$0.isEmpty } == true
    }

    /// The flag counting `widenSharing`'s: a partner feed's cursor taken at another count is 0.
    static let sharingEpochKey = "sharing.epoch"
    /// The flag set while what the partnership shares changed and is not settled yet (a
    /// page of a pull with more to come, an unshare made here): non-empty.
    static let unsettledKey = "sharing.unsettled"

    /// Drops this replica's copies of what the active partner no longer shares with the user
    /// (`scope`, as the store holds it now) — after an unshare, a delete or an unlink, once
    /// settled (`settleSharing`): the partner's links
    /// and targets of goals not shared now, and their habits linked to none that is, with
    /// those habits' entries, targets and links (ended ones too). Nothing is logged: every
    /// replica of the user drops them alike when it learns of it. The partner's goal itself
    /// stays, as its owner's replica sent it (shared no more, nothing else of it:
    /// `SyncRules.partnerCopy`), hidden, so this replica's own devices learn of it too. A
    /// store the partner writes in too keeps everything (`endSharing`).
    func forgetUnshared(_ store: any StoreTransaction, _ user: String, scope: SharingScope) throws(HabitFlowError) {
        guard let partner = scope.partner, !(try usesStore(store, partner)) else { return }
        func shared(_ owner: String, _ goal: String) -> Bool { scope.sharedGoals.contains(RecordRef(owner: owner, id: goal)) }
        // A bundle a kept habit belongs to stays with it.
        let held = try store.fetchAll(Habit.self, where: .ownerId, in: [partner])
        let kept = scope.partnerHabits.union(held.filter { scope.partnerHabits.contains($0.id) }.flatMap(\.bundlesNamed))
        let habits = held.map(\.id).filter { !kept.contains($0) }
        let dropped = Set(habits)
        try store.forget(
            .entry, keys: try store.fetchAll(StoredEntry.self, owner: partner, where: .habitId, in: habits).map { [partner, $0.entry.id] })
        try store.forget(
            .targetVersion,
            keys: try store.fetchAll(TargetVersion.self, owner: partner, where: .habitId, in: habits).map { [partner, $0.id] })
        try store.forget(
            .goalLink,
            keys: try store.fetchAll(GoalLink.self, where: .createdBy, in: [partner]).filter {
                !shared($0.goalOwnerId, $0.goalId) || dropped.contains($0.habitId)
            }.map { [$0.goalOwnerId, $0.goalId, $0.createdBy, $0.habitId] })
        try store.forget(
            .goalVersion,
            keys: try store.fetchAll(GoalVersion.self, where: .ownerId, in: [partner]).filter { !shared(partner, $0.goalId) }.map {
                [partner, $0.id]
            })
        try store.forget(.habit, keys: habits.map { [partner, $0] })
    }

    /// Whether `who` uses this store themselves (one file two people use), not only through a
    /// partnership: their profile or a habit of theirs was written here, or the store holds a
    /// record of theirs no partnership shares. (A partner's edit of `who`'s shared goal, made
    /// here, does not count.)
    func usesStore(_ store: any StoreTransaction, _ who: String) throws(HabitFlowError) -> Bool {
        let here = try store.replicaId()
        if try store.held(.user, key: [who])?.stamp.replicaId == here { return true }
        for habit in try store.habits(owner: who) where try store.held(.habit, key: [who, habit.id])?.stamp.replicaId == here {
            return true
        }
        func holds<R: StoredRecord>(_: R.Type) throws(HabitFlowError) -> Bool {
            !(try store.fetchAll(R.self, owner: who, where: R.ownerColumn, in: [who])).isEmpty
        }
        for kind in RecordKind.allCases where !RecordKind.sharedByPartners.contains(kind) && kind != .user && kind != .partnership {
            if try holds(kind.recordType) { return true }
        }
        return false
    }

    /// The user's partnership: the active partner, the user's open invitation, and others'.
    public func partner() throws(HabitFlowError) -> PartnerStatus {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in try partnerStatus(store, user) }
    }

    func partnerStatus(_ store: any StoreTransaction, _ user: String) throws(HabitFlowError) -> PartnerStatus {
        let active = try store.partnership(user: user)
        let mine = try store.side(user: user)
        let naming = try store.sides(naming: user)
        var status = PartnerStatus(partner: active)
        status.side = mine
        if active == nil, let mine, mine.deletedAt == nil {
            // Declined, or ended after the user's invitation: their answer to it.
            if let theirs = try store.side(user: mine.partnerId), theirs.partnerId == user, let ended = theirs.deletedAt,
                ended >= mine.createdAt
            {
                status.declinedBy = mine.partnerId
            } else {
                status.invited = mine.partnerId
            }
        }
        // Invitations the user has not answered: not the active partner's, and not one the
        // user's side ended after it was made (a refusal; a later invitation asks again).
        status.invitations = naming.filter { side in
            guard side.deletedAt == nil, active?.partnerId != side.userId else { return false }
            guard let mine, mine.partnerId == side.userId, let ended = mine.deletedAt else { return true }
            return ended < side.createdAt
        }.map(\.userId)
        return status
    }

    /// The sharing scope of `user` as the store holds it, and as `incoming` changes would
    /// make it (see `SharingScope`). Only a goal's owner shares it: changes from `source`
    /// widen the scope with the goals of whom that source speaks for (a partner's replica
    /// for the partner, the user's own for the user), never with another's they name shared.
    package func sharingScope(
        _ store: any StoreTransaction, _ user: String, incoming: [ChangeRecord] = [], source: ChangeSource = .replica
    ) throws(HabitFlowError) -> SharingScope {
        var scope = SharingScope(user: user, partner: try store.partnership(user: user)?.partnerId)
        if let mine = try store.side(user: user) { scope.related.insert(mine.partnerId) }
        for side in try store.sides(naming: user) { scope.related.insert(side.userId) }
        for c in incoming where c.kind == RecordKind.partnership.rawValue {
            if c.text("partner_id") == user, let from = c.text("user_id") { scope.related.insert(from) }
            if c.text("user_id") == user, let to = c.text("partner_id") { scope.related.insert(to) }
        }
        guard let partner = scope.partner else { return scope }
        scope.related.insert(partner)
        for goal in try store.goals(owners: [user, partner]) where goal.isShared(with: goal.ownerId == user ? partner : user) {
            scope.sharedGoals.insert(RecordRef(owner: goal.ownerId, id: goal.id))
        }
        let sharers: [String] =
            switch source {
            case .replica: [user, partner]
            case .device: [user]
            case let .partner(who): who == partner ? [partner] : []
            }
        for c in incoming where c.kind == RecordKind.goal.rawValue && c["shared"] == .integer(1) {
            if let owner = c.text("owner_id"), sharers.contains(owner), let id = c.text("id"),
                c.text("shared_with").map({ $0 == (owner == user ? partner : user) }) ?? true
            {
                scope.sharedGoals.insert(RecordRef(owner: owner, id: id))
            }
        }
        for link in try store.fetchAll(GoalLink.self, where: .createdBy, in: [user, partner])
        where link.deletedAt == nil && scope.sharedGoals.contains(RecordRef(owner: link.goalOwnerId, id: link.goalId)) {
            if link.createdBy == partner { scope.partnerHabits.insert(link.habitId) } else { scope.userHabits.insert(link.habitId) }
        }
        for c in incoming where c.kind == RecordKind.goalLink.rawValue && c["deleted_at"] == .null && c.text("created_by") == partner {
            if let goalOwner = c.text("goal_owner_id"), let goal = c.text("goal_id"),
                scope.sharedGoals.contains(RecordRef(owner: goalOwner, id: goal)), let habit = c.text("habit_id")
            {
                scope.partnerHabits.insert(habit)
            }
        }
        return scope
    }
}
