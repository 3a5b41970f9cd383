import HabitFlowCore

// Users, habits, entries and target versions, typed, over the generic record calls.
extension RecordTransaction {
    /// User `id`'s profile; `nil` when the user is new to the store.
    public func user(_ id: String) throws(HabitFlowError) -> UserProfile? {
        try fetch(UserProfile.self, key: [id])
    }

    /// Gives user `id` a stand-in profile (UTC, weeks from Monday, stamped before any change,
    /// never sent) unless the store holds theirs: a server's replica of a user from the moment
    /// they are given a token, until their device's profile replaces it. So an engine on that
    /// replica never finds its user missing, and opens without reading.
    public func ensurePlaceholderProfile(of id: String) throws(HabitFlowError) {
        guard try user(id) == nil else { return }
        let t0 = Instant(unixSeconds: 0)!
        try savePlaceholder(UserProfile(id: id, zone: "UTC", firstWeekday: .monday, createdAt: t0, updatedAt: t0))
    }

    /// `owner`'s habit `id`, deleted or not.
    public func habit(_ id: String, of owner: String) throws(HabitFlowError) -> Habit? {
        try fetch(Habit.self, key: [owner, id])
    }

    /// The owner's habits, deleted ones too, oldest first.
    public func habits(owner: String) throws(HabitFlowError) -> [Habit] {
        try fetchAll(Habit.self, where: .ownerId, in: [owner]).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// `owner`'s entry `id`, deleted or not.
    public func entry(_ id: String, of owner: String) throws(HabitFlowError) -> HabitEntry? {
        try fetch(StoredEntry.self, key: [owner, id])?.entry
    }

    /// Stores an entry of `owner`'s habit (new, or replacing the one with its id), with the
    /// habit's `multiplePerDay`.
    public func save(_ entry: HabitEntry, of owner: String, multiplePerDay: Bool) throws(HabitFlowError) {
        try save(StoredEntry(entry, ownerId: owner, multiplePerDay: multiplePerDay))
    }

    /// Saves a changed entry of `owner`'s (its habit's `multiplePerDay` kept as stored).
    public func update(_ entry: HabitEntry, of owner: String) throws(HabitFlowError) {
        guard let held = try fetch(StoredEntry.self, key: [owner, entry.id]) else {
            throw HabitFlowError(.notFound, "no entry \(entry.id)", field: "entryId")
        }
        try save(StoredEntry(entry, ownerId: owner, multiplePerDay: held.multiplePerDay))
    }

    /// The target versions of `owner`'s habit by effective day, then recording time.
    public func targetVersions(habit: String, of owner: String) throws(HabitFlowError) -> [TargetVersion] {
        try fetchAll(TargetVersion.self, owner: owner, where: .habitId, in: [habit]).sorted {
            ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id)
        }
    }

    /// The versions of every habit of `owner`, any order.
    public func targetVersions(owner: String) throws(HabitFlowError) -> [TargetVersion] {
        try fetchAll(TargetVersion.self, where: .ownerId, in: [owner])
    }

}
