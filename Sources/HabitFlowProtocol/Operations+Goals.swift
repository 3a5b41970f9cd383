import HabitFlow

extension Operation {
    private static let goalErrors: [ErrorCode] = [
        .invalidArgument, .invalidDate, .notFound, .conflict, .forbidden, .limitExceeded, .storage,
    ]
    private static let goalKinds = Goal.Kind.allCases.map { ($0.rawValue, $0) }
    private static let goalTypes = Goal.GoalType.allCases.map { ($0.rawValue, $0) }
    private static let contributions = GoalLink.Contribution.allCases.map { ($0.rawValue, $0) }
    private static let segments = GoalSegment.allCases.map { ($0.rawValue, $0) }
    private static let settableStatus: [(String, Goal.Status)] = [("active", .active), ("paused", .paused)]

    static func goalJSON(_ g: Goal) -> JSONValue {
        .object([
            ("id", .string(g.id)), ("ownerId", .string(g.ownerId)), ("title", .string(g.title)),
            ("description", RecordJSON.string(g.description)), ("icon", RecordJSON.string(g.icon)),
            ("categoryId", RecordJSON.string(g.categoryId)), ("kind", .string(g.kind.rawValue)), ("type", .string(g.type.rawValue)),
            ("target", .double(g.target)), ("unit", RecordJSON.string(g.unit)),
            ("durationWeeks", g.durationWeeks.map { .int(Int64($0)) } ?? .null), ("startDayKey", .string(g.startDayKey.description)),
            ("targetDate", g.targetDate.map { .string($0.description) } ?? .null), ("status", .string(g.userStatus.rawValue)),
            ("shared", .bool(g.shared)), ("sharedWith", RecordJSON.string(g.shared ? g.sharedWith : nil)),
            ("sortOrder", g.sortOrder.map { .int(Int64($0)) } ?? .null),
            ("createdAt", RecordJSON.instant(g.createdAt)), ("updatedAt", RecordJSON.instant(g.updatedAt)),
        ])
    }

    /// `goalsOverLimit` when the user holds more open goals than the limit (after a merge of
    /// devices): nothing is lost, and new goals are refused until they are under it.
    static func overLimit(_ engine: Engine) throws(ProtocolError) -> (String, JSONValue)? {
        let open = try ProtocolError.engine { () throws(HabitFlowError) in try engine.openGoalCount() }
        guard open > Goal.maxActive else { return nil }
        return (
            "goalsOverLimit",
            .object([
                ("open", .int(Int64(open))), ("max", .int(Int64(Goal.maxActive))),
                (
                    "message",
                    .string(
                        "you have \(open) open goals, more than \(Goal.maxActive) (paused ones count; a reached goal is open again when an entry under it goes, and devices can bring goals of their own): nothing is lost, but a new goal waits until \(open - Goal.maxActive + 1) of them are completed, deleted or ended"
                    )
                ),
            ])
        )
    }

    static func linkJSON(_ l: GoalLink, habitName: String?, habitDeleted: Bool = false) -> JSONValue {
        .object([
            ("goalId", .string(l.goalId)), ("habitId", .string(l.habitId)), ("habitName", RecordJSON.string(habitName)),
            ("habitDeleted", .bool(habitDeleted)),
            ("contribution", .string(l.contribution.rawValue)), ("unit", RecordJSON.string(l.unit)), ("createdBy", .string(l.createdBy)),
            ("createdAt", RecordJSON.instant(l.createdAt)), ("linked", .bool(l.isLinked)),
            (
                "linkedDays",
                .array(
                    l.linkedDays.ranges.map { r in
                        .object([("from", RecordJSON.string(r.from?.description)), ("until", RecordJSON.string(r.until?.description))])
                    })
            ),
        ])
    }

    static func weekJSON(_ w: GoalProgress.Week) -> JSONValue {
        .object([
            ("weekStart", .string(w.weekStart.description)), ("value", .double(w.value)), ("target", .double(w.target)),
            ("fraction", .string(w.fraction)), ("met", .bool(w.met)),
        ])
    }

    static func progressJSON(_ p: GoalProgress, history: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("goalId", .string(p.goalId)), ("value", .double(p.value)), ("target", .double(p.target)),
            ("fraction", .string(p.fraction)), ("percent", .double(p.percent)),
            ("thisWeek", p.thisWeek.map(weekJSON) ?? .null), ("status", .string(p.status.rawValue)),
            ("needsLinks", .bool(p.needsLinks)), ("linkedHabits", .int(Int64(p.linkedHabits))),
            ("windowStart", .string(p.windowStart.description)),
            ("windowEnd", p.windowEnd.map { .string($0.description) } ?? .null), ("unconverted", .int(Int64(p.unconverted))),
        ]
        if p.needsLinks {
            members.append(("hint", .string("this goal has no linked habits yet: link one with goal.link {goalId, habitId}")))
        }
        if history { members.append(("weeks", .array(p.weeks.map(weekJSON)))) }
        return .object(members)
    }

    private static func categoryJSON(_ c: Category) -> JSONValue {
        .object([("id", .string(c.id)), ("name", .string(c.name)), ("sortOrder", .int(Int64(c.sortOrder)))])
    }

    /// `durationWeeks`: 4, 8, 12, or null (ongoing) — `null` given explicitly vs absent.
    private static func duration(_ args: Arguments) throws(ProtocolError) -> (given: Bool, weeks: Int?) {
        guard let raw = args.raw("durationWeeks") else { return (false, nil) }
        if raw == .null { return (true, nil) }
        return (true, try args.integer("durationWeeks", in: 1...52))
    }

    private static let goalFields = [
        Field("title", "string", "The goal's title."), Field("description", "string", required: false, "Optional text."),
        Field("icon", "string", required: false, "One emoji."), Field("categoryId", "string", required: false, "A category."),
    ]

    /// `goal.*`, `partner.*`, `category.*`: goals derive their progress from linked habits' entries.
    static let goalOperations: [Operation] = [
        Operation(
            "goal.create", "Creates a goal (at most 10 active or paused per owner); progress is derived from linked habits, never stored.",
            arguments: goalFields + [
                Field("goalId", "string", required: false, "The client's id."),
                Field(
                    "kind", "string", required: false, "`count` (distinct entries, default) or `quantity` (summed values, needs `unit`)."),
                Field(
                    "type", "string",
                    "`weeklyHabit` (target per week), `recurringTask` (done each week) or `targetAmount` (a cumulative total)."),
                Field(
                    "target", "number", required: false, "Per week (`weeklyHabit`) or the total (`targetAmount`); 1 for `recurringTask`."),
                Field(
                    "unit", "string", required: false,
                    "Quantity goals: km, mi, m, min, h, s, kg, lb, l, ml, count, or any unit matched exactly."),
                Field("durationWeeks", "integer|null", required: false, "4, 8 or 12; null or absent: ongoing."),
                Field("startDayKey", "string", required: false, "First day that counts (default today)."),
                Field("targetDate", "string", required: false, "Informational only."),
                Field("shared", "boolean", required: false, "Visible to and trackable by your partner (needs one)."),
                Field("sortOrder", "integer", required: false, "Order within its category."),
                Field("habitIds", "array", required: false, "Habits to link at once."),
            ],
            result: [Field("goal", "object", "The goal."), Field("progress", "object", "Its progress now.")],
            errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            var draft = GoalDraft(title: try args.string("title"))
            draft.id = try args.optionalString("goalId")
            draft.description = try args.optionalString("description")
            draft.icon = try args.optionalString("icon")
            draft.categoryId = try args.optionalString("categoryId")
            draft.kind = try args.choice("kind", goalKinds) ?? .count
            guard let type = try args.choice("type", goalTypes) else {
                throw ProtocolError(
                    .invalidArgument, "args.type is required (weeklyHabit, recurringTask or targetAmount)", field: "args.type")
            }
            draft.type = type
            draft.target = try args.number("target")
            draft.unit = try args.optionalString("unit")
            draft.durationWeeks = try duration(args).weeks
            draft.startDayKey = try args.optionalDayKey("startDayKey")
            draft.targetDate = try args.optionalDayKey("targetDate")
            draft.shared = try args.bool("shared", default: false)
            draft.sortOrder = try args.integer("sortOrder", in: 0...1_000_000)
            let habitIds = try args.stringList("habitIds") ?? []
            let (goal, progress) = try ProtocolError.engine { () throws(HabitFlowError) in
                let goal = try engine.createGoal(draft, habitIds: habitIds)
                return (goal, try engine.goalProgress(goal.id))
            }
            return .object([("goal", goalJSON(goal)), ("progress", progressJSON(progress, history: false))])
        },
        Operation(
            "goal.update",
            "Changes a goal (yours, or one your partner shares): the last write wins; a new target applies from today (or `effectiveDayKey`) on, so past goal weeks keep theirs.",
            arguments: [
                Field("goalId", "string", "The goal."),
                Field("title", "string", required: false, "New title."),
                Field("description", "string", required: false, "New text; empty clears it."),
                Field("icon", "string", required: false, "One emoji; empty clears it."),
                Field("categoryId", "string", required: false, "A category; empty clears it."),
                Field(
                    "target", "number", required: false, "New target, from `effectiveDayKey` on: past goal weeks keep the target they had."),
                Field(
                    "effectiveDayKey", "string", required: false,
                    "The first day the new target counts: today (default) or later; a past day is refused."),
                Field("durationWeeks", "integer|null", required: false, "4, 8, 12, or null for ongoing."),
                Field("targetDate", "string", required: false, "Informational; empty clears it."),
                Field("status", "string", required: false, "`active` or `paused`."),
                Field("shared", "boolean", required: false, "Share with your partner, or stop (creator only)."),
                Field("sortOrder", "integer", required: false, "Order within its category."),
            ],
            result: [Field("goal", "object", "The goal.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            var c = GoalChanges()
            c.title = try args.optionalString("title")
            for field in [GoalChanges.Clearable.description, .icon, .categoryId] {
                if let v = try args.optionalString(field.rawValue) {
                    if v.isEmpty {
                        c.clear.insert(field)
                    } else if field == .description {
                        c.description = v
                    } else if field == .icon {
                        c.icon = v
                    } else {
                        c.categoryId = v
                    }
                }
            }
            if let date = try args.optionalString("targetDate") {
                if date.isEmpty { c.clear.insert(.targetDate) } else { c.targetDate = try args.optionalDayKey("targetDate") }
            }
            c.target = try args.number("target")
            c.effectiveDayKey = try args.optionalDayKey("effectiveDayKey")
            let d = try duration(args)
            if d.given { if let w = d.weeks { c.durationWeeks = w } else { c.clear.insert(.durationWeeks) } }
            c.status = try args.choice("status", settableStatus)
            if args.raw("shared") != nil { c.shared = try args.bool("shared", default: false) }
            c.sortOrder = try args.integer("sortOrder", in: 0...1_000_000)
            let goal = try ProtocolError.engine { () throws(HabitFlowError) in try engine.updateGoal(id, with: c) }
            return .object([("goal", goalJSON(goal))])
        },
        Operation(
            "goal.delete", "Deletes a goal and its links only (needs `confirm`): no entry or habit changes; goal.restore brings it back.",
            arguments: [
                Field("goalId", "string", "The goal."),
                Field("confirm", "boolean", required: false, "Go ahead; without it the answer is confirmation_required, saying what goes."),
            ],
            result: [Field("deleted", "string", "The goal's id.")], errors: goalErrors + [.confirmationRequired]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            let confirm = try args.bool("confirm", default: false)
            try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteGoal(id, confirm: confirm) }
            return .object([("deleted", .string(id))])
        },
        Operation(
            "goal.restore", "Brings a deleted goal of yours back, with the links it had; an open one needs a free place among your 10.",
            arguments: [Field("goalId", "string", "The deleted goal.")],
            result: [Field("goal", "object", "The goal.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            return .object([("goal", goalJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.restoreGoal(id) }))])
        },
        Operation(
            "goal.get", "A goal, its links and its progress.",
            arguments: [Field("goalId", "string", "The goal.")],
            result: [
                Field("goal", "object", "The goal."),
                Field(
                    "links", "array",
                    "`[{goalId, habitId, habitName, habitDeleted, contribution, unit, createdBy, createdAt, linked, linkedDays}]`: `habitName` also for a partner's habit linked to a shared goal; `habitDeleted`: the habit is deleted (its entries still count); `linked`: linked now; `linkedDays`: the days it counts, `[{from, until}]` (`from` null: the goal's start; `until`, the first day not counted, null: still linked) — an unlinked habit stays listed with the days it counted."
                ),
                Field("progress", "object", "Progress now, with `weeks`."),
            ],
            errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            let (detail, progress) = try ProtocolError.engine { () throws(HabitFlowError) in
                (try engine.goal(id), try engine.goalProgress(id))
            }
            let linked = detail.links.map {
                let habit = RecordRef(owner: $0.createdBy, id: $0.habitId)
                return linkJSON($0, habitName: detail.habitNames[habit], habitDeleted: detail.deletedHabits.contains(habit))
            }
            return .object([
                ("goal", goalJSON(detail.goal)), ("links", .array(linked)), ("progress", progressJSON(progress, history: true)),
            ])
        },
        Operation(
            "goal.list", "Goals grouped by category (in category order), with progress; segments `yours` and `shared`.",
            arguments: [
                Field("segment", "string", required: false, "`yours` (personal) or `shared`; default both."),
                Field("dayKey", "string", required: false, "Progress as of this day (default today)."),
                Field("personaId", "string", required: false, "Only the goals of this persona (a focus lens)."),
            ],
            result: [
                Field("groups", "array", "`[{category: {id, name, sortOrder}|null, goals: [{goal, progress}]}]`."),
                Field("empty", "string|null", "When there are no goals: how to create a first one."),
                Field(
                    "goalsOverLimit", "object",
                    "Only when you hold more than 10 open goals (a reached goal reopened by an entry change, or goals from another device): `{open, max, message}`; new goals are refused until under."
                ),
            ],
            errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let segment = try args.choice("segment", segments)
            let day = try args.optionalDayKey("dayKey")
            let persona = try args.optionalString("personaId")
            let groups = try ProtocolError.engine { () throws(HabitFlowError) in
                try engine.goals(segment: segment, day: day, personaId: persona)
            }
            let json: [JSONValue] = groups.map { g in
                .object([
                    ("category", g.category.map(categoryJSON) ?? .null),
                    (
                        "goals",
                        .array(
                            g.goals.map { .object([("goal", goalJSON($0.goal)), ("progress", progressJSON($0.progress, history: false))]) })
                    ),
                ])
            }
            let empty: JSONValue =
                groups.isEmpty
                ? .string(
                    "No goals yet. Create your first: goal.create {title, type: \"weeklyHabit\", target: 3} (CLI: habitflow goal add \"Exercise\" --weekly 3), then link a habit."
                )
                : .null
            var answer: [(String, JSONValue)] = [("groups", .array(json)), ("empty", empty)]
            if let over = try overLimit(engine) { answer.append(over) }
            return .object(answer)
        },
        Operation(
            "goal.link",
            "Links one of your habits to a goal, from today on (from the goal's start while it has not begun); a quantity goal refuses a unit that does not convert.",
            arguments: [
                Field("goalId", "string", "The goal."), Field("habitId", "string", "Your habit."),
                Field("contribution", "string", required: false, "`count` (each entry 1) or `sum` (values); default from the goal's kind."),
            ],
            result: [Field("link", "object", "The link.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let goalId = try args.string("goalId"), habitId = try args.string("habitId")
            let mode = try args.choice("contribution", contributions)
            let link = try ProtocolError.engine { () throws(HabitFlowError) in
                try engine.linkHabit(goalId: goalId, habitId: habitId, contribution: mode)
            }
            let name = try? engine.habit(habitId).name
            return .object([("link", linkJSON(link, habitName: name))])
        },
        Operation(
            "goal.unlink", "Unlinks a habit from a goal from today on: the days it counted stay counted, and its entries stay.",
            arguments: [Field("goalId", "string", "The goal."), Field("habitId", "string", "The habit.")],
            result: [Field("unlinked", "string", "The habit's id.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let goalId = try args.string("goalId"), habitId = try args.string("habitId")
            try ProtocolError.engine { () throws(HabitFlowError) in try engine.unlinkHabit(goalId: goalId, habitId: habitId) }
            return .object([("unlinked", .string(habitId))])
        },
        Operation(
            "goal.progress", "A goal's progress, derived now: value, target, fraction (\"3/5\"), percent, this week, status.",
            arguments: [
                Field("goalId", "string", "The goal."), Field("dayKey", "string", required: false, "As of this day (default today)."),
                Field(
                    "records", "object", required: false,
                    "Stateless: `{user:{zone, firstWeekday?, earlierFirstWeekdays?}, today?, habits, entries, goals, goalLinks}` (records as the engine writes them); no store."
                ),
            ],
            result: [
                Field(
                    "progress", "object",
                    "`{goalId, value, target, fraction, percent, thisWeek, status, needsLinks, linkedHabits, windowStart, windowEnd, unconverted}`; `linkedHabits`: habits linked now; `unconverted`: entries left out because their habit's unit on their day does not convert to the goal's. As of a past `dayKey`, the entries up to that day."
                )
            ],
            errors: goalErrors + [.unknownZone]
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            let day = try args.optionalDayKey("dayKey")
            if let records = args.raw("records"), records != .null {
                let r = try InlineRecords.goal(records, goalId: id, engine: engine)
                let p = GoalProgress(goal: r.goal, linked: r.linked, today: day ?? r.today, now: r.today, weeks: r.weeks)
                return .object([("progress", progressJSON(p, history: false))])
            }
            let p = try ProtocolError.engine { () throws(HabitFlowError) in try engine.goalProgress(id, day: day) }
            return .object([("progress", progressJSON(p, history: false))])
        },
        Operation(
            "goal.history", "A goal week by week over its window: value, target, met.",
            arguments: [
                Field("goalId", "string", "The goal."), Field("dayKey", "string", required: false, "As of this day (default today)."),
            ],
            result: [
                Field("weeks", "array", "`[{weekStart, value, target, fraction, met}]` (as of a past day, its entries up to that day).")
            ],
            errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("goalId")
            let day = try args.optionalDayKey("dayKey")
            let p = try ProtocolError.engine { () throws(HabitFlowError) in try engine.goalProgress(id, day: day) }
            return .object([("weeks", .array(p.weeks.map(weekJSON)))])
        },
        Operation(
            "goal.log", "Logs an entry of a habit linked to the goal, under the entry rules (there is no goal-level log).",
            arguments: [
                Field("goalId", "string", "The goal."), Field("habitId", "string", "A linked habit of yours."),
                Field("entryId", "string", required: false, "The client's id."),
                Field("timestampUtc", "string", required: false, "When (default now)."),
                Field("dayKey", "string", required: false, "An explicit day."),
                Field("value", "number", required: false, "Numeric habits."),
                Field("note", "string", required: false, "A note."),
                Field("confirm", "boolean", required: false, "Needed for past or future days."),
            ],
            result: [
                Field("entry", "object", "The entry."), Field("action", "string", "`created`, `updated` or `unchanged`."),
                Field("progress", "object", "The goal's progress after it."),
            ],
            errors: goalErrors + [.confirmationRequired]
        ) { engine, args throws(ProtocolError) in
            let goalId = try args.string("goalId")
            // The same arguments as entry.log: one reading of them.
            guard case let .log(request) = try entryMutation("entry.log", args) else { return .null }
            let (outcome, progress) = try ProtocolError.engine { () throws(HabitFlowError) in
                (try engine.log(request, fromGoal: goalId), try engine.goalProgress(goalId))
            }
            return .object([
                ("entry", RecordJSON.entry(outcome.entry)), ("action", .string(outcome.name)),
                ("progress", progressJSON(progress, history: false)),
            ])
        },
        Operation(
            "goal.suggestions",
            "\"Based on your goals\": weekly goals with completions still to do in a week, recurring goals not yet done.",
            arguments: [Field("weekOf", "string", required: false, "A day of the week to plan (default today).")],
            result: [Field("suggestions", "array", "`[{goal, remaining, habitIds}]`.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let week = try args.optionalDayKey("weekOf")
            let list = try ProtocolError.engine { () throws(HabitFlowError) in try engine.goalSuggestions(weekOf: week) }
            return .object([
                (
                    "suggestions",
                    .array(
                        list.map { s in
                            .object([
                                ("goal", goalJSON(s.goal)), ("remaining", .double(s.remaining)),
                                ("habitIds", .array(s.habitIds.map(JSONValue.string))),
                            ])
                        })
                )
            ])
        },
        Operation(
            "partner.invite",
            "Invites a user to partner with you (your side of the partnership). Nothing is shared until they accept this invitation (an answer to one before a partnership ended is none); inviting someone who invited you accepts theirs; someone not in this store is reached by sync.",
            arguments: [Field("userId", "string", "The user to invite.")],
            result: partnerFields, errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("userId")
            return partnerJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.invitePartner(id) })
        },
        Operation(
            "partner.accept",
            "Accepts a user's invitation: the partnership is active, and shared goals with their linked habits are visible to both.",
            arguments: [Field("userId", "string", "The user who invited you.")],
            result: partnerFields, errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("userId")
            return partnerJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.acceptPartner(id) })
        },
        Operation(
            "partner.decline", "Declines a user's invitation: your answer reaches them by sync; nothing is shared.",
            arguments: [Field("userId", "string", "The user who invited you.")],
            result: partnerFields, errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("userId")
            return partnerJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.declinePartner(id) })
        },
        Operation(
            "partner.unlink",
            "Ends the partnership (or withdraws your invitation): shared goals become personal goals of their creators; the partner loses access.",
            arguments: [], result: [Field("unlinked", "boolean", "true.")], errors: goalErrors
        ) { engine, _ throws(ProtocolError) in
            try ProtocolError.engine { () throws(HabitFlowError) in try engine.unlinkPartner() }
            return .object([("unlinked", .bool(true))])
        },
        Operation(
            "partner.get", "Your partner, your open invitation, and invitations to you.", arguments: [],
            result: partnerFields, errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            partnerJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.partner() })
        },
        Operation(
            "category.save", "Creates or renames a category (habits and goals are grouped by categories, in their order).",
            arguments: [
                Field("categoryId", "string", required: false, "The category (new when absent or unknown)."),
                Field("name", "string", "Its name."), Field("sortOrder", "integer", required: false, "Its place (default last)."),
            ],
            result: [Field("category", "object", "`{id, name, sortOrder}`.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.optionalString("categoryId"), name = try args.string("name")
            let order = try args.integer("sortOrder", in: 0...1_000_000)
            let c = try ProtocolError.engine { () throws(HabitFlowError) in try engine.saveCategory(id: id, name: name, sortOrder: order) }
            return .object([("category", categoryJSON(c))])
        },
        Operation(
            "category.list", "Your categories, in order.", arguments: [],
            result: [Field("categories", "array", "`[{id, name, sortOrder}]`.")], errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            let list = try ProtocolError.engine { () throws(HabitFlowError) in try engine.categories() }
            return .object([("categories", .array(list.map(categoryJSON)))])
        },
        Operation(
            "category.delete", "Deletes a category; its habits and goals stay, uncategorised, with every entry and metric.",
            arguments: [Field("categoryId", "string", "The category.")],
            result: [Field("deleted", "string", "Its id.")], errors: goalErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("categoryId")
            try ProtocolError.engine { () throws(HabitFlowError) in try engine.deleteCategory(id) }
            return .object([("deleted", .string(id))])
        },
    ]
}

private let partnerFields: [Operation.Field] = [
    Operation.Field("partner", "object|null", "The active partnership, `{userId, partnerId, createdAt}`: both sides accepted."),
    Operation.Field("invited", "string|null", "The user you invited, until they answer."),
    Operation.Field("declinedBy", "string|null", "The user who declined your invitation or left."),
    Operation.Field("invitations", "array", "Users who invited you and await your answer."),
]

private func partnerJSON(_ s: PartnerStatus) -> JSONValue {
    .object([
        (
            "partner",
            s.partner.map {
                .object([
                    ("userId", .string($0.userId)), ("partnerId", .string($0.partnerId)), ("createdAt", RecordJSON.instant($0.createdAt)),
                ])
            } ?? .null
        ),
        ("invited", s.invited.map(JSONValue.string) ?? .null), ("declinedBy", s.declinedBy.map(JSONValue.string) ?? .null),
        ("invitations", .array(s.invitations.map(JSONValue.string))),
    ])
}
