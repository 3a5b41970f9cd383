import HabitFlowCore

/// Goals, their links, partnerships and categories in SQL.
extension SQLiteStore {
    private static let goalColumns = """
        id, owner_id, title, description, icon, category_id, kind, type, target, unit, duration_weeks, start_day_key,
        target_date, status, shared, sort_order, created_at, updated_at
        """

    private static func values(_ g: Goal) -> [SQLiteValue?] {
        [.text(g.id), .text(g.ownerId), .text(g.title), g.description.map { .text($0) }, g.icon.map { .text($0) },
         g.categoryId.map { .text($0) }, .text(g.kind.rawValue), .text(g.type.rawValue), .real(g.target),
         g.unit.map { .text($0) }, g.durationWeeks.map { .integer(Int64($0)) }, .text(g.startDayKey.description),
         g.targetDate.map { .text($0.description) }, .text(g.userStatus.rawValue), .integer(g.shared ? 1 : 0),
         g.sortOrder.map { .integer(Int64($0)) }, .text(Codec.text(g.createdAt)), .text(Codec.text(g.updatedAt))]
    }

    private static func goal(_ s: SQLiteStatement) -> Goal? {
        guard let id = s.text(0), let owner = s.text(1), let title = s.text(2),
              let kind = s.text(6).flatMap(Goal.Kind.init(rawValue:)), let type = s.text(7).flatMap(Goal.GoalType.init(rawValue:)),
              let start = Codec.dayKey(s, 11), let status = s.text(13).flatMap(Goal.Status.init(rawValue:)),
              let created = Codec.instant(s, 16), let updated = Codec.instant(s, 17) else { return nil }
        return Goal(id: id, ownerId: owner, title: title, description: s.text(3), icon: s.text(4), categoryId: s.text(5),
                    kind: kind, type: type, target: s.double(8) ?? 1, unit: s.text(9),
                    durationWeeks: s.isNull(10) ? nil : Int(s.int64(10)), startDayKey: start, targetDate: Codec.dayKey(s, 12),
                    userStatus: status, shared: s.int64(14) == 1, sortOrder: s.isNull(15) ? nil : Int(s.int64(15)),
                    createdAt: created, updatedAt: updated)
    }

    public func goal(_ id: String) throws(HabitFlowError) -> Goal? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT \(Self.goalColumns) FROM goals WHERE id = ? AND deleted_at IS NULL", [.text(id)], Self.goal).first
        }
    }

    public func goalExists(_ id: String) throws(HabitFlowError) -> Bool {
        try sql { () throws(SQLiteError) in try !db.rows("SELECT 1 FROM goals WHERE id = ?", [.text(id)]) { _ in 1 }.isEmpty }
    }

    public func goals(owners: [String]) throws(HabitFlowError) -> [Goal] {
        try sql { () throws(SQLiteError) in
            var out: [Goal] = []
            for owner in owners {
                out += try db.rows("SELECT \(Self.goalColumns) FROM goals WHERE owner_id = ? AND deleted_at IS NULL ORDER BY created_at, id",
                                   [.text(owner)], Self.goal)
            }
            return out
        }
    }

    public func insert(_ goal: Goal) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("INSERT INTO goals (\(Self.goalColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", Self.values(goal))
        }
        try touch("goals", id: goal.id)
    }

    public func update(_ goal: Goal) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            var values = Self.values(goal)
            values.append(values.removeFirst())
            try db.run("""
                UPDATE goals SET owner_id = ?, title = ?, description = ?, icon = ?, category_id = ?, kind = ?, type = ?,
                target = ?, unit = ?, duration_weeks = ?, start_day_key = ?, target_date = ?, status = ?, shared = ?,
                sort_order = ?, created_at = ?, updated_at = ? WHERE id = ?
                """, values)
        }
        try touch("goals", id: goal.id)
    }

    public func deleteGoal(_ id: String, at: Instant) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE goal_links SET deleted_at = ? WHERE goal_id = ? AND deleted_at IS NULL", [.text(Codec.text(at)), .text(id)])
            try db.run("UPDATE goals SET deleted_at = ?, updated_at = ? WHERE id = ?",
                       [.text(Codec.text(at)), .text(Codec.text(at)), .text(id)])
        }
        try touch("goals", id: id)
        try touch("goal_links", [("goal_id", id)])
    }

    public func links(goal: String) throws(HabitFlowError) -> [GoalLink] {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT goal_id, habit_id, contribution, unit, created_by, created_at FROM goal_links WHERE goal_id = ? AND deleted_at IS NULL ORDER BY created_at, habit_id",
                        [.text(goal)]) { s -> GoalLink? in
                guard let g = s.text(0), let h = s.text(1), let c = s.text(2).flatMap(GoalLink.Contribution.init(rawValue:)),
                      let by = s.text(4), let at = Codec.instant(s, 5) else { return nil }
                return GoalLink(goalId: g, habitId: h, contribution: c, unit: s.text(3), createdBy: by, createdAt: at)
            }
        }
    }

    public func insert(_ link: GoalLink) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("""
                INSERT INTO goal_links (goal_id, habit_id, contribution, unit, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(goal_id, habit_id) DO UPDATE SET contribution = excluded.contribution, unit = excluded.unit,
                created_by = excluded.created_by, created_at = excluded.created_at, deleted_at = NULL
                """,
                       [.text(link.goalId), .text(link.habitId), .text(link.contribution.rawValue), link.unit.map { .text($0) },
                        .text(link.createdBy), .text(Codec.text(link.createdAt))])
        }
        try touch("goal_links", [("goal_id", link.goalId), ("habit_id", link.habitId)])
    }

    public func deleteLink(goal: String, habit: String, at: Instant) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE goal_links SET deleted_at = ? WHERE goal_id = ? AND habit_id = ?", [.text(Codec.text(at)), .text(goal), .text(habit)])
        }
        try touch("goal_links", [("goal_id", goal), ("habit_id", habit)])
    }

    public func partnership(user: String) throws(HabitFlowError) -> Partnership? {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT user_id, partner_id, created_at FROM partnerships WHERE user_id = ? AND deleted_at IS NULL", [.text(user)]) { s -> Partnership? in
                guard let u = s.text(0), let p = s.text(1), let at = Codec.instant(s, 2) else { return nil }
                return Partnership(userId: u, partnerId: p, createdAt: at)
            }.first
        }
    }

    public func link(partners a: String, _ b: String, at: Instant) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            for (u, p) in [(a, b), (b, a)] {
                try db.run("""
                    INSERT INTO partnerships (user_id, partner_id, created_at) VALUES (?, ?, ?)
                    ON CONFLICT(user_id) DO UPDATE SET partner_id = excluded.partner_id, created_at = excluded.created_at, deleted_at = NULL
                    """, [.text(u), .text(p), .text(Codec.text(at))])
            }
        }
        try touch("partnerships", [("user_id", a)])
        try touch("partnerships", [("user_id", b)])
    }

    public func unlink(partners a: String, _ b: String, at: Instant) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE partnerships SET deleted_at = ? WHERE user_id IN (?, ?) AND deleted_at IS NULL", [.text(Codec.text(at)), .text(a), .text(b)])
        }
        try touch("partnerships", [("user_id", a)])
        try touch("partnerships", [("user_id", b)])
    }

    public func categories(owner: String) throws(HabitFlowError) -> [Category] {
        try sql { () throws(SQLiteError) in
            try db.rows("SELECT id, owner_id, name, sort_order, created_at FROM categories WHERE owner_id = ? AND deleted_at IS NULL ORDER BY sort_order, name, id",
                        [.text(owner)]) { s -> Category? in
                guard let id = s.text(0), let o = s.text(1), let n = s.text(2), let at = Codec.instant(s, 4) else { return nil }
                return Category(id: id, ownerId: o, name: n, sortOrder: Int(s.int64(3)), createdAt: at)
            }
        }
    }

    public func save(_ c: Category) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("""
                INSERT INTO categories (id, owner_id, name, sort_order, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET name = excluded.name, sort_order = excluded.sort_order
                """, [.text(c.id), .text(c.ownerId), .text(c.name), .integer(Int64(c.sortOrder)), .text(Codec.text(c.createdAt))])
        }
        try touch("categories", id: c.id)
    }

    public func deleteCategory(_ id: String, at: Instant) throws(HabitFlowError) {
        try sql { () throws(SQLiteError) in
            try db.run("UPDATE categories SET deleted_at = ? WHERE id = ?", [.text(Codec.text(at)), .text(id)])
        }
        try touch("categories", id: id)
    }
}
