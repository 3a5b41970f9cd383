import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 27: a definition edit applies from today on; the past reads with the definition in
/// force then (seeds 003 §7.7-7.8, 004). Each test goes through the dispatcher, as a host does,
/// with engines living on successive days of one store.
@Suite struct HistoryKeepsItsMeaningTests {
    let store = TestStore("history-meaning")

    /// A dispatcher whose clock reads `day` at noon, Amsterdam.
    func on(_ day: String) throws -> Dispatcher {
        Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z"))
    }

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    func log(_ d: Dispatcher, _ habit: String, _ day: String, _ value: Double? = nil) throws {
        let v = value.map { #","value":\#($0)"# } ?? ""
        _ = try call(d, "entry.log", #"{"habitId":"\#(habit)","dayKey":"\#(day)","confirm":true\#(v)}"#)
    }

    func status(_ d: Dispatcher, _ habit: String, _ day: String) throws -> String? {
        if case let .string(s)? = try call(d, "metrics.day", #"{"habitId":"\#(habit)","dayKey":"\#(day)"}"#)["status"] { return s }
        return nil
    }

    /// Element `i` of an array answer.
    func at(_ value: JSONValue?, _ i: Int) -> JSONValue? {
        if case let .array(items)? = value, i < items.count { items[i] } else { nil }
    }

    /// The error code of a call that must fail.
    func refusal(_ d: Dispatcher, _ op: String, _ args: String) -> String? {
        do {
            _ = try call(d, op, args)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // Item 1: a weekly 3× habit changed to 5× keeps a past week's 3/3; an at-most habit
    // changed to at-least keeps its streak.
    @Test func scheduleEditsKeepThePast_item1() throws {
        // In the order it happened (a store's clock never goes back).
        let d = try on("2025-03-01")
        _ = try call(
            d, "habit.create", #"{"habitId":"sugar","name":"Sugar","kind":"numeric","unit":"g","targetType":"atMost","target":30}"#)
        for day in ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-04"] { try log(d, "sugar", day, 10) }
        let fifth = try on("2025-03-05")
        #expect(try call(fifth, "metrics.streaks", #"{"habitId":"sugar","dayKey":"2025-03-04"}"#)["current"]?["length"] == .int(4))
        _ = try call(fifth, "habit.update", #"{"habitId":"sugar","targetType":"atLeast"}"#)
        #expect(try call(fifth, "metrics.streaks", #"{"habitId":"sugar","dayKey":"2025-03-04"}"#)["current"]?["length"] == .int(4))
        #expect(try status(fifth, "sugar", "2025-03-02") == "complete")
        try log(fifth, "sugar", "2025-03-05", 10)
        #expect(try status(fifth, "sugar", "2025-03-05") == "incomplete", "from today, at least 30")

        let mon = try on("2025-03-03")
        _ = try call(mon, "habit.create", #"{"habitId":"read","name":"Read","cadence":"weekly","timesPerWeek":3}"#)
        for day in ["2025-03-03", "2025-03-04", "2025-03-05"] { try log(mon, "read", day) }
        let next = try on("2025-03-10")
        let before = try call(next, "metrics.week", #"{"habitId":"read","dayKey":"2025-03-05"}"#)
        #expect(before["completed"] == .int(3) && before["required"] == .int(3))
        _ = try call(next, "habit.update", #"{"habitId":"read","cadence":"weekly","timesPerWeek":5}"#)
        let after = try call(next, "metrics.week", #"{"habitId":"read","dayKey":"2025-03-05"}"#)
        #expect(after == before, "the past week still asks 3")
        #expect(try call(next, "metrics.week", #"{"habitId":"read","dayKey":"2025-03-10"}"#)["required"] == .int(5), "this week asks 5")
        #expect(try call(next, "habit.get", #"{"habitId":"read"}"#)["habit"]?["timesPerWeek"] == .int(5))
    }

    // Item 4: a past-dated change of meaning is refused, whatever `confirm` says; nothing changes.
    @Test func pastDatedChangesAreRefused_item4() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        try log(d, "run", "2025-03-08", 2)
        let before = try store.dump()
        for (op, args) in [
            ("target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-08","target":1}"#),
            ("habit.pause", #"{"habitId":"run","from":"2025-03-08","to":"2025-03-09"}"#),
            ("habit.update", #"{"habitId":"run","unit":"mi","effectiveDayKey":"2025-03-01"}"#),
        ] {
            let error = refusal(d, op, args)
            #expect(error?.contains("past days keep the definition they had") == true, "\(op): \(error ?? "accepted")")
        }
        #expect(refusal(d, "target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-08","target":1,"confirm":true}"#) != nil)
        #expect(try store.dump() == before)
        #expect(try status(d, "run", "2025-03-08") == "incomplete", "the broken day stays broken: change the entry to change it")
    }

    // Item 5: a target set before a pause was written holds after the pause.
    @Test func pausesAndTargetsCompose_item5() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}"#)
        _ = try call(d, "habit.pause", #"{"habitId":"run","from":"2025-03-12","to":"2025-03-14"}"#)
        _ = try call(d, "target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-10","target":8}"#)
        _ = try call(d, "target.set", #"{"habitId":"run","effectiveDayKey":"2025-03-13","target":9}"#)  // inside the pause
        for (day, target, paused) in [
            ("2025-03-11", 8.0, false), ("2025-03-12", 0, true), ("2025-03-14", 0, true), ("2025-03-15", 9, false),
        ] {
            let got = try call(d, "target.get", #"{"habitId":"run","dayKey":"\#(day)"}"#)
            #expect(got["target"] == .double(target) && got["paused"] == .bool(paused), "\(day): \(got)")
        }
    }

    // Item 6: a target given at creation holds for a day backfilled before it.
    @Test func theFirstTargetHoldsFromTheStart_item6() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        try log(d, "run", "2025-03-09", 4)
        #expect(try status(d, "run", "2025-03-09") == "incomplete", "4 km against 5, not the default 1")
    }

    // Item 7: a binary habit's target is 0 or 1; a legacy text above 1 makes it count times
    // from the migration's day (issue 55), the days before read as they did.
    @Test func binaryTargetsAreZeroOrOne_item7() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"floss","name":"Floss","legacyGoal":"3 times per day"}"#)
        #expect(refusal(d, "target.set", #"{"habitId":"floss","effectiveDayKey":"2025-03-10","target":5}"#)?.contains("0 or 1") == true)
        #expect(refusal(d, "habit.create", #"{"name":"Stretch","target":2}"#) != nil)
        let summary = try call(d, "engine.migrateLegacyTargets", "{}")
        #expect(summary["migrated"] == .int(1) && summary["errors"] == .array([]) && summary["done"] == .bool(true), "\(summary)")
        let versions = try call(d, "target.list", #"{"habitId":"floss"}"#)["versions"]
        #expect(at(versions, 0)?["unit"] == .string("times") && at(versions, 0)?["target"] == .double(3), "\(String(describing: versions))")
        #expect(at(versions, 0)?["effectiveDayKey"] == .string("2025-03-10"))
    }

    // Item 8: at most 0 allows none: a logged amount breaks the day, 0 keeps it.
    @Test func atMostZeroAllowsNone_item8() throws {
        let d = try on("2025-03-10")
        _ = try call(
            d, "habit.create", #"{"habitId":"smoke","name":"Smoke","kind":"numeric","unit":"cigarettes","targetType":"atMost","target":0}"#)
        try log(d, "smoke", "2025-03-08", 0)
        try log(d, "smoke", "2025-03-09", 2)
        #expect(try status(d, "smoke", "2025-03-08") == "complete")
        #expect(try status(d, "smoke", "2025-03-09") == "incomplete", "a lapse breaks the day")
        // A pause still rests an at-most habit.
        _ = try call(d, "habit.pause", #"{"habitId":"smoke","from":"2025-03-10","to":"2025-03-10"}"#)
        try log(d, "smoke", "2025-03-10", 3)
        #expect(try status(d, "smoke", "2025-03-10") == "notRequired")
    }

    // Item 10: a disabled step goal asks no steps from today on; the past keeps its days.
    @Test func aDisabledStepGoalAsksNothing_item10() throws {
        let d = try on("2025-03-10")
        let on = try call(d, "stepGoal.set", #"{"enabled":true,"target":8000}"#)
        guard case let .string(id)? = on["habitId"] else {
            Issue.record("no habit: \(on)")
            return
        }
        #expect(try status(d, id, "2025-03-10") == "incomplete")
        let later = try self.on("2025-03-12")
        _ = try call(later, "stepGoal.set", #"{"enabled":false}"#)
        #expect(try status(later, id, "2025-03-12") == "notRequired")
        #expect(try status(later, id, "2025-03-11") == "incomplete", "the days it was on still asked")
    }

    // Item 2: each entry counts in the unit its habit had on its day; what does not convert is
    // left out and counted.
    @Test func eachEntryCountsInTheUnitOfItsDay_item2() throws {
        let mon = try on("2025-03-03")
        _ = try call(mon, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}"#)
        _ = try call(
            mon, "goal.create",
            #"{"goalId":"dist","title":"Distance","kind":"quantity","type":"weeklyHabit","target":100,"unit":"km","habitIds":["run"]}"#)
        try log(mon, "run", "2025-03-03", 10)
        let wed = try on("2025-03-05")
        _ = try call(wed, "habit.update", #"{"habitId":"run","unit":"mi"}"#)
        try log(wed, "run", "2025-03-05", 10)
        let progress = try call(wed, "goal.progress", #"{"goalId":"dist"}"#)["progress"]
        guard case let .double(value)? = progress?["value"] else {
            Issue.record("no value: \(String(describing: progress))")
            return
        }
        #expect(abs(value - 26.09344) < 1e-9, "10 km + 10 mi")
        #expect(progress?["unconverted"] == .int(0))

        let thu = try on("2025-03-06")
        _ = try call(thu, "habit.update", #"{"habitId":"run","unit":"min","confirm":true}"#)
        try log(thu, "run", "2025-03-06", 30)
        let after = try call(thu, "goal.progress", #"{"goalId":"dist"}"#)["progress"]
        #expect(after?["value"] == .double(value), "30 minutes are no kilometres")
        #expect(after?["unconverted"] == .int(1))
    }

    // Item 9: a shared goal's weeks are its creator's, whatever the partner's first weekday.
    @Test func aSharedGoalHasItsCreatorsWeeks_item9() throws {
        let alice = try on("2025-03-05")
        let bob = Dispatcher(engine: try store.engine(now: "2025-03-05T12:00:00Z", user: "bob"))
        _ = try call(bob, "user.update", #"{"firstWeekday":"sunday"}"#)
        _ = try call(alice, "partner.invite", #"{"userId":"bob"}"#)
        _ = try call(bob, "partner.accept", #"{"userId":"alice"}"#)
        _ = try call(alice, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(
            alice, "goal.create",
            #"{"goalId":"g","title":"Read","type":"weeklyHabit","target":3,"startDayKey":"2025-03-02","shared":true,"habitIds":["read"]}"#)
        try log(alice, "read", "2025-03-02")  // a Sunday: Bob's week, not Alice's
        try log(alice, "read", "2025-03-04")
        let hers = try call(alice, "goal.progress", #"{"goalId":"g"}"#)["progress"]
        let his = try call(bob, "goal.progress", #"{"goalId":"g"}"#)["progress"]
        #expect(hers?["thisWeek"]?["weekStart"] == .string("2025-03-03"))
        #expect(his == hers, "one goal, one set of weeks")
        #expect(try call(bob, "goal.history", #"{"goalId":"g"}"#) == (try call(alice, "goal.history", #"{"goalId":"g"}"#)))
    }

    // Item 3: a goal's new target applies from today (or a later day); past goal weeks keep theirs.
    @Test func goalTargetsAreDateEffective_item3() throws {
        let mon = try on("2025-03-03")
        _ = try call(mon, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(mon, "goal.create", #"{"goalId":"g","title":"Read","type":"weeklyHabit","target":5,"habitIds":["read"]}"#)
        for day in ["2025-03-03", "2025-03-04", "2025-03-05"] { try log(mon, "read", day) }
        let wed = try on("2025-03-12")
        let before = try call(wed, "goal.history", #"{"goalId":"g"}"#)["weeks"]
        #expect(at(before, 0)?["target"] == .double(5) && at(before, 0)?["met"] == .bool(false), "3/5: not met")
        _ = try call(wed, "goal.update", #"{"goalId":"g","target":2}"#)
        let after = try call(wed, "goal.history", #"{"goalId":"g"}"#)["weeks"]
        #expect(at(after, 0) == at(before, 0), "the past week still asks 5")
        #expect(at(after, 1)?["target"] == .double(2), "this week asks 2")
        #expect(try call(wed, "goal.progress", #"{"goalId":"g"}"#)["progress"]?["fraction"] == .string("0/2"))
        #expect(try call(wed, "goal.get", #"{"goalId":"g"}"#)["goal"]?["target"] == .double(2))
        #expect(
            refusal(wed, "goal.update", #"{"goalId":"g","target":4,"effectiveDayKey":"2025-03-10"}"#)?.contains("past days keep") == true)

        _ = try call(wed, "goal.update", #"{"goalId":"g","target":7,"effectiveDayKey":"2025-03-17"}"#)
        #expect(try call(wed, "goal.get", #"{"goalId":"g"}"#)["goal"]?["target"] == .double(2), "scheduled, not yet in force")
        let later = try on("2025-03-18")
        #expect(try call(later, "goal.get", #"{"goalId":"g"}"#)["goal"]?["target"] == .double(7))
        let weeks = try call(later, "goal.history", #"{"goalId":"g"}"#)["weeks"]
        #expect(at(weeks, 0) == at(before, 0) && at(weeks, 1)?["target"] == .double(2) && at(weeks, 2)?["target"] == .double(7))
    }

    // Item 13: a goal names its linked habits, a partner's too.
    @Test func goalsNameTheirLinkedHabits_item13() throws {
        let alice = try on("2025-03-05")
        let bob = Dispatcher(engine: try store.engine(now: "2025-03-05T12:00:00Z", user: "bob"))
        _ = try call(alice, "partner.invite", #"{"userId":"bob"}"#)
        _ = try call(bob, "partner.accept", #"{"userId":"alice"}"#)
        _ = try call(alice, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(bob, "habit.create", #"{"habitId":"walk","name":"Walk the dog"}"#)
        _ = try call(
            alice, "goal.create", #"{"goalId":"g","title":"Together","type":"weeklyHabit","target":3,"shared":true,"habitIds":["read"]}"#)
        let link = try call(bob, "goal.link", #"{"goalId":"g","habitId":"walk"}"#)["link"]
        #expect(link?["habitName"] == .string("Walk the dog"))
        for d in [alice, bob] {
            guard case let .array(links)? = try call(d, "goal.get", #"{"goalId":"g"}"#)["links"] else {
                Issue.record("no links")
                return
            }
            #expect(Set(links.compactMap { if case let .string(n)? = $0["habitName"] { n } else { nil } }) == ["Read", "Walk the dog"])
        }
    }

    // Item 14: a wellbeing value moves to another time and day.
    @Test func wellbeingMovesInTimeAndDay_item14() throws {
        let d = try on("2025-03-05")
        let w = try call(d, "wellbeing.log", #"{"metric":"mood","value":3,"timestampUtc":"2025-03-05T10:00:00Z"}"#)["wellbeing"]
        guard case let .string(id)? = w?["id"] else {
            Issue.record("no id")
            return
        }
        // A move to another day asks first (issue 57), as a journal entry's does.
        #expect(
            refusal(d, "wellbeing.edit", #"{"wellbeingId":"\#(id)","timestampUtc":"2025-03-03T23:30:00Z"}"#)?.contains("confirm") == true)
        let moved = try call(d, "wellbeing.edit", #"{"wellbeingId":"\#(id)","timestampUtc":"2025-03-03T23:30:00Z","confirm":true}"#)[
            "wellbeing"]
        #expect(moved?["dayKey"] == .string("2025-03-04"), "23:30 UTC is past midnight in Amsterdam")
        #expect(moved?["timestampUtc"] == .string("2025-03-03T23:30:00Z"))
        let day = try call(d, "wellbeing.edit", #"{"wellbeingId":"\#(id)","dayKey":"2025-03-02","confirm":true}"#)["wellbeing"]
        #expect(day?["dayKey"] == .string("2025-03-02") && day?["value"] == .double(3))
        #expect(refusal(d, "wellbeing.edit", #"{"wellbeingId":"\#(id)","dayKey":"2025-02-30"}"#) != nil)
    }

    // Item 11: a reached target amount completes and leaves the limit; delete asks to confirm;
    // restore brings a goal back with its links, within the limit.
    @Test func goalsCompleteAndComeBack_item11() throws {
        let d = try on("2025-03-05")
        _ = try call(d, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(
            d, "goal.create",
            #"{"goalId":"books","title":"Two books","type":"targetAmount","target":2,"startDayKey":"2025-03-03","habitIds":["read"]}"#)
        for i in 0..<9 { _ = try call(d, "goal.create", #"{"goalId":"g\#(i)","title":"G\#(i)","type":"recurringTask"}"#) }
        #expect(refusal(d, "goal.create", #"{"title":"Eleventh","type":"recurringTask"}"#)?.contains("10 active goals") == true)
        try log(d, "read", "2025-03-04")
        try log(d, "read", "2025-03-05")
        #expect(try call(d, "goal.progress", #"{"goalId":"books"}"#)["progress"]?["status"] == .string("completed"))
        _ = try call(d, "goal.create", #"{"goalId":"g9","title":"G9","type":"recurringTask"}"#)

        let unconfirmed = refusal(d, "goal.delete", #"{"goalId":"books"}"#)
        #expect(unconfirmed?.contains("confirm") == true && unconfirmed?.contains("its 1 link and") == true, "\(unconfirmed ?? "deleted")")
        #expect(try call(d, "goal.get", #"{"goalId":"books"}"#)["goal"]?["id"] == .string("books"), "nothing went")
        _ = try call(d, "goal.delete", #"{"goalId":"books","confirm":true}"#)
        #expect(refusal(d, "goal.get", #"{"goalId":"books"}"#) != nil)
        #expect(try call(d, "goal.restore", #"{"goalId":"books"}"#)["goal"]?["title"] == .string("Two books"))
        guard case let .array(links)? = try call(d, "goal.get", #"{"goalId":"books"}"#)["links"] else {
            Issue.record("no links")
            return
        }
        #expect(links.count == 1 && links.first?["habitName"] == .string("Read"))

        _ = try call(d, "goal.delete", #"{"goalId":"g0","confirm":true}"#)
        _ = try call(d, "goal.create", #"{"goalId":"g10","title":"G10","type":"recurringTask"}"#)
        #expect(refusal(d, "goal.restore", #"{"goalId":"g0"}"#)?.contains("10 active goals") == true, "the place was taken")
        #expect(refusal(d, "goal.restore", #"{"goalId":"never"}"#) != nil)
    }

    // Item 11: one week definition feeds the fraction, the week indicator and the history; a
    // task done three times is done once; an ended goal reads as its weeks met.
    @Test func oneWeekDefinitionFeedsEveryView_item11() throws {
        let sat = try on("2025-03-08")
        _ = try call(sat, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(sat, "goal.create", #"{"goalId":"w","title":"Read","type":"weeklyHabit","target":3,"habitIds":["read"]}"#)
        try log(sat, "read", "2025-03-08")
        let p = try call(sat, "goal.progress", #"{"goalId":"w"}"#)["progress"]
        #expect(
            p?["fraction"] == .string("1/1") && p?["thisWeek"]?["target"] == .double(1) && p?["thisWeek"]?["met"] == .bool(true),
            "two days of the week are in the window: \(String(describing: p))")

        let wed = try on("2025-03-12")
        _ = try call(
            wed, "goal.create", #"{"goalId":"task","title":"Once","type":"recurringTask","startDayKey":"2025-03-10","habitIds":["read"]}"#)
        for day in ["2025-03-10", "2025-03-11", "2025-03-12"] { try log(wed, "read", day) }
        #expect(try call(wed, "goal.progress", #"{"goalId":"task"}"#)["progress"]?["fraction"] == .string("1/1"))

        _ = try call(
            wed, "goal.create",
            #"{"goalId":"month","title":"Month","type":"weeklyHabit","target":1,"durationWeeks":4,"startDayKey":"2025-03-10","habitIds":["read"]}"#
        )
        for day in ["2025-03-17", "2025-03-24", "2025-03-31"] { try log(try on(day), "read", day) }
        let ended = try call(try on("2025-04-10"), "goal.progress", #"{"goalId":"month"}"#)["progress"]
        #expect(
            ended?["status"] == .string("completed") && ended?["fraction"] == .string("4/4") && ended?["percent"] == .double(100),
            "\(String(describing: ended))")
    }

    // Item 11: two devices that each made 6 goals offline merge to 12: nothing is lost, the
    // answers say so, and a new goal waits until the owner is under the limit.
    @Test func goalsMergedOverTheLimitAreKeptAndSaid_item11() throws {
        let phone = try on("2025-03-05")
        let laptop = Dispatcher(engine: try TestStore("history-meaning-laptop").engine(now: "2025-03-05T12:00:00Z"))
        for i in 0..<6 {
            _ = try call(phone, "goal.create", #"{"goalId":"p\#(i)","title":"P\#(i)","type":"recurringTask"}"#)
            _ = try call(laptop, "goal.create", #"{"goalId":"l\#(i)","title":"L\#(i)","type":"recurringTask"}"#)
        }
        guard let changes = try call(laptop, "sync.changes", "{}")["changes"] else {
            Issue.record("no changes")
            return
        }
        let applied = try call(phone, "sync.apply", #"{"changes":\#(JSONCodec.serialize(changes))}"#)
        #expect(applied["goalsOverLimit"]?["open"] == .int(12) && applied["goalsOverLimit"]?["max"] == .int(10))
        let list = try call(phone, "goal.list", "{}")
        #expect(list["goalsOverLimit"]?["open"] == .int(12))
        guard case let .array(groups)? = list["groups"], case let .array(goals)? = groups.first?["goals"] else {
            Issue.record("no goals")
            return
        }
        #expect(goals.count == 12, "nothing is lost")
        #expect(
            refusal(phone, "goal.create", #"{"title":"Thirteenth","type":"recurringTask"}"#)?.contains("12 active goals, the most is 10")
                == true)
        for i in 0..<3 { _ = try call(phone, "goal.delete", #"{"goalId":"p\#(i)","confirm":true}"#) }
        #expect(try call(phone, "goal.list", "{}")["goalsOverLimit"] == nil)
        _ = try call(phone, "goal.create", #"{"title":"Tenth","type":"recurringTask"}"#)
    }

    // Item 12: previews and confirmations name each goal whose progress moves, before and after.
    @Test func previewsNameTheGoalsTheyMove_item12() throws {
        let d = try on("2025-03-12")
        _ = try call(d, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(d, "habit.create", #"{"habitId":"walk","name":"Walk"}"#)
        _ = try call(
            d, "goal.create",
            #"{"goalId":"g","title":"Read more","type":"weeklyHabit","target":3,"startDayKey":"2025-03-10","habitIds":["read"]}"#)
        _ = try call(d, "goal.create", #"{"goalId":"other","title":"Walk more","type":"weeklyHabit","target":3,"habitIds":["walk"]}"#)
        let preview = try call(d, "entry.preview", #"{"op":"entry.log","args":{"habitId":"read","dayKey":"2025-03-11","confirm":true}}"#)
        guard case let .array(goals)? = preview["impact"]?["goals"] else {
            Issue.record("no goals: \(preview)")
            return
        }
        #expect(goals.count == 1 && goals.first?["goalId"] == .string("g") && goals.first?["title"] == .string("Read more"))
        #expect(goals.first?["fraction"] == .object([("before", .string("0/3")), ("after", .string("1/3"))]))
        do {
            _ = try call(d, "entry.log", #"{"habitId":"read","dayKey":"2025-03-11"}"#)
            Issue.record("a past day was logged without confirm")
        } catch let error as ProtocolError {
            #expect(error.code == .confirmationRequired)
            #expect(
                error.details?["impact"]?["goals"] == .array(goals),
                "the confirmation names the same effect: \(String(describing: error.details))")
        }
        _ = try call(d, "entry.log", #"{"habitId":"walk","dayKey":"2025-03-12"}"#)
        let walked = try call(d, "entry.preview", #"{"op":"entry.log","args":{"habitId":"read","dayKey":"2025-03-12"}}"#)
        #expect(walked["impact"]?["goals"]?["0"] == nil)
    }

    // A pause written before pauses had an end (a stored target 0, no later target) ends with
    // habit.resume; the target before it holds again.
    @Test func aLegacyOpenPauseEndsWithResume() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run","kind":"numeric","unit":"km","target":5}"#)
        let legacy = try run(
            "sqlite3",
            [
                store.path,
                """
                INSERT INTO target_versions (id, owner_id, habit_id, effective_day_key, target, recorded_at)
                VALUES ('legacy', 'alice', 'run', '2025-03-01', 0, '2025-03-01T00:00:00Z')
                """,
            ])
        try #require(legacy.status == 0, "\(legacy.stderr)")
        let later = try on("2025-03-12")
        #expect(try call(later, "target.get", #"{"habitId":"run","dayKey":"2025-03-12"}"#)["paused"] == .bool(true))
        #expect(refusal(later, "habit.resume", #"{"habitId":"run","from":"2025-03-11"}"#)?.contains("past days keep") == true)
        let resumed = try call(later, "habit.resume", #"{"habitId":"run"}"#)["version"]
        #expect(resumed?["paused"] == .bool(false) && resumed?["effectiveDayKey"] == .string("2025-03-12"))
        let today = try call(later, "target.get", #"{"habitId":"run","dayKey":"2025-03-12"}"#)
        #expect(today["paused"] == .bool(false) && today["target"] == .double(5))
        #expect(
            try call(later, "target.get", #"{"habitId":"run","dayKey":"2025-03-11"}"#)["paused"] == .bool(true), "the past stays paused")
        #expect(try call(later, "habit.resume", #"{"habitId":"run"}"#)["version"] == .null, "not paused: nothing to end")
    }

    // A goal's window never ends in the past by an edit, and an ended one stays as it was.
    @Test func aGoalWindowIsNeverMovedIntoThePast() throws {
        let d = try on("2025-03-20")
        _ = try call(d, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(
            d, "goal.create",
            #"{"goalId":"long","title":"Long","type":"recurringTask","startDayKey":"2025-02-03","durationWeeks":12,"habitIds":["read"]}"#)
        _ = try call(
            d, "goal.create",
            #"{"goalId":"done","title":"Done","type":"recurringTask","startDayKey":"2025-02-03","durationWeeks":4,"habitIds":["read"]}"#)
        let before = try store.dump()
        #expect(refusal(d, "goal.update", #"{"goalId":"long","durationWeeks":4}"#)?.contains("before today") == true)
        #expect(refusal(d, "goal.update", #"{"goalId":"done","durationWeeks":null}"#)?.contains("weeks are fixed") == true)
        #expect(refusal(d, "goal.update", #"{"goalId":"done","durationWeeks":12}"#)?.contains("weeks are fixed") == true)
        #expect(try store.dump() == before)
        #expect(
            try call(d, "goal.update", #"{"goalId":"long","durationWeeks":8}"#)["goal"]?["durationWeeks"] == .int(8), "still running: fine")
    }

    // Overlapping pauses never cut each other short.
    @Test func overlappingPausesEachHoldToTheirEnd() throws {
        let d = try on("2025-03-10")
        _ = try call(d, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(d, "habit.pause", #"{"habitId":"read","from":"2025-03-12","to":"2025-03-14"}"#)
        _ = try call(d, "habit.pause", #"{"habitId":"read","from":"2025-03-13","to":"2025-03-20"}"#)  // outlasts the first
        _ = try call(d, "habit.pause", #"{"habitId":"read","from":"2025-03-25","to":"2025-03-31"}"#)
        _ = try call(d, "habit.pause", #"{"habitId":"read","from":"2025-03-26","to":"2025-03-27"}"#)  // inside the third
        for (day, paused) in [
            ("2025-03-11", false), ("2025-03-12", true), ("2025-03-15", true), ("2025-03-20", true), ("2025-03-21", false),
            ("2025-03-28", true), ("2025-03-31", true), ("2025-04-01", false),
        ] {
            #expect(try call(d, "target.get", #"{"habitId":"read","dayKey":"\#(day)"}"#)["paused"] == .bool(paused), "\(day)")
        }
    }
}
