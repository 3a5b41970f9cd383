import HabitFlowCore

// Users, habits, entries and target versions, typed, over the generic record calls.
extension RecordTransaction {
    public func user(_ id: String) throws(HabitFlowError) -> UserProfile? {
        try fetch(UserProfile.self, key: [id])
    }

    public func habit(_ id: String) throws(HabitFlowError) -> Habit? {
        try fetch(Habit.self, key: [id])
    }

    /// The owner's habits, deleted ones too, oldest first.
    public func habits(owner: String) throws(HabitFlowError) -> [Habit] {
        try fetchAll(Habit.self, where: "owner_id", in: [owner]).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func insert(_ habit: Habit) throws(HabitFlowError) { try save(habit) }
    public func update(_ habit: Habit) throws(HabitFlowError) { try save(habit) }

    /// Entry `id`, deleted or not.
    public func entry(_ id: String) throws(HabitFlowError) -> HabitEntry? {
        try fetch(StoredEntry.self, key: [id])?.entry
    }

    public func insert(_ entry: HabitEntry, multiplePerDay: Bool) throws(HabitFlowError) {
        try save(StoredEntry(entry, multiplePerDay: multiplePerDay))
    }

    /// Saves a changed entry (its habit's `multiplePerDay` kept as stored).
    public func update(_ entry: HabitEntry) throws(HabitFlowError) {
        guard let held = try fetch(StoredEntry.self, key: [entry.id]) else {
            throw HabitFlowError(.notFound, "no entry \(entry.id)", field: "entryId")
        }
        try save(StoredEntry(entry, multiplePerDay: held.multiplePerDay))
    }

    /// The habit's target versions by effective day, then recording time.
    public func targetVersions(habit: String) throws(HabitFlowError) -> [TargetVersion] {
        try fetchAll(TargetVersion.self, where: "habit_id", in: [habit]).sorted {
            ($0.effectiveDayKey, $0.recordedAt, $0.id) < ($1.effectiveDayKey, $1.recordedAt, $1.id)
        }
    }

    /// The versions of every habit of `owner`, any order.
    public func targetVersions(owner: String) throws(HabitFlowError) -> [TargetVersion] {
        try fetchAll(TargetVersion.self, where: "habit_id", in: try habits(owner: owner).map(\.id))
    }

    public func insert(_ version: TargetVersion) throws(HabitFlowError) { try save(version) }
}
