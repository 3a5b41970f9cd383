import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 57, SPEC §6a: bundle membership is date-effective like a goal's links. A child added
/// today counts from today; removed, archived or deleted today, it stops counting from today;
/// the bundle's past days, weeks and streaks read as they did. Through the dispatcher, with
/// engines living on successive days of one store.
@Suite struct BundleMembershipTests {
    let store = TestStore("bundle-membership")

    /// A dispatcher whose clock reads `day` at noon UTC.
    func on(_ day: String) throws -> Dispatcher {
        Dispatcher(engine: try store.engine(now: "\(day)T12:00:00Z", zone: "UTC"))
    }

    func log(_ d: Dispatcher, _ habit: String, _ day: String) throws {
        _ = try d.result("entry.log", #"{"habitId":"\#(habit)","dayKey":"\#(day)","confirm":true}"#)
    }

    /// What the bundle's past says as of `yesterday`: its days, last week and streaks.
    func past(_ d: Dispatcher, through yesterday: String) throws -> [JSONValue] {
        try [
            d.result("metrics.history", #"{"habitId":"core","from":"2025-03-03","to":"\#(yesterday)"}"#),
            d.result("metrics.week", #"{"habitId":"core","dayKey":"2025-03-03"}"#),
            d.result("metrics.streaks", #"{"habitId":"core","dayKey":"\#(yesterday)"}"#),
        ]
    }

    func status(_ d: Dispatcher, _ day: String, bundle: String = "core") throws -> JSONValue? {
        try d.result("metrics.day", #"{"habitId":"\#(bundle)","dayKey":"\#(day)"}"#)["status"]
    }

    @Test func addingRemovingDeletingAndArchivingAChildKeepTheBundlesPast() throws {
        let start = try on("2025-03-03")  // a Monday
        for (id, name) in [("stretch", "Stretch"), ("plank", "Plank"), ("breathe", "Breathe")] {
            _ = try start.result("habit.create", #"{"habitId":"\#(id)","name":"\#(name)"}"#)
        }
        _ = try start.result("bundle.create", #"{"bundleId":"core","name":"Core","kind":"all","habitIds":["stretch","plank"]}"#)
        for n in 3...11 {
            let day = "2025-03-\(n < 10 ? "0" : "")\(n)"
            try log(start, "stretch", day)
            try log(start, "plank", day)
        }

        // Wednesday the 12th: Breathe joins. Nine days of Core stay done, last week 7/7.
        let wed = try on("2025-03-12")
        let before = try past(wed, through: "2025-03-11")
        #expect(before[2]["current"]?["length"] == .int(9), "\(before[2])")
        _ = try wed.result("bundle.add", #"{"bundleId":"core","habitId":"breathe"}"#)
        #expect(try past(wed, through: "2025-03-11") == before)
        try log(wed, "stretch", "2025-03-12")
        try log(wed, "plank", "2025-03-12")
        #expect(try status(wed, "2025-03-12") == .string("incomplete"), "Breathe counts from today")
        try log(wed, "breathe", "2025-03-12")
        #expect(try status(wed, "2025-03-12") == .string("complete"))

        // Thursday: Plank leaves. The days it counted still need it; from today they do not.
        let thu = try on("2025-03-13")
        let wednesday = try past(thu, through: "2025-03-12")
        _ = try thu.result("bundle.remove", #"{"bundleId":"core","habitId":"plank"}"#)
        #expect(try past(thu, through: "2025-03-12") == wednesday)
        try log(thu, "stretch", "2025-03-13")
        try log(thu, "breathe", "2025-03-13")
        #expect(try status(thu, "2025-03-13") == .string("complete"))

        // Friday: Stretch is deleted, Saturday restored. Friday needs only Breathe.
        let fri = try on("2025-03-14")
        let thursday = try past(fri, through: "2025-03-13")
        _ = try fri.result("habit.delete", #"{"habitId":"stretch","confirm":true}"#)
        #expect(try past(fri, through: "2025-03-13") == thursday)
        try log(fri, "breathe", "2025-03-14")
        #expect(try status(fri, "2025-03-14") == .string("complete"))
        let sat = try on("2025-03-15")
        let friday = try past(sat, through: "2025-03-14")
        _ = try sat.result("habit.restore", #"{"habitId":"stretch"}"#)
        #expect(try past(sat, through: "2025-03-14") == friday)
        try log(sat, "breathe", "2025-03-15")
        #expect(try status(sat, "2025-03-15") == .string("incomplete"), "Stretch counts again from today")

        // Sunday: Breathe is archived; the bundle can be done with Stretch alone (it could
        // never be completed again when an archived child still counted).
        let sun = try on("2025-03-16")
        let saturday = try past(sun, through: "2025-03-15")
        _ = try sun.result("habit.archive", #"{"habitId":"breathe"}"#)
        #expect(try past(sun, through: "2025-03-15") == saturday)
        try log(sun, "stretch", "2025-03-16")
        #expect(try status(sun, "2025-03-16") == .string("complete"))
        #expect(try sun.result("metrics.week", #"{"habitId":"core","dayKey":"2025-03-03"}"#) == before[1], "last week still 7/7")

        // The child records say so: the days each counted.
        let plank = try sun.result("habit.get", #"{"habitId":"plank"}"#)["habit"]
        #expect(plank?["bundleDays"] == .string("core=..2025-03-13") && plank?["bundleId"] == .null, "\(String(describing: plank))")
        let breathe = try sun.result("habit.get", #"{"habitId":"breathe"}"#)["habit"]
        #expect(breathe?["bundleDays"] == .string("core=2025-03-12..2025-03-16"), "\(String(describing: breathe))")
    }

    /// An archived habit cannot join (it takes no entries); a child of a deleted bundle that
    /// joins another stops counting for the deleted one, should it be restored; a child's
    /// entries from before it joined do not start the bundle's history.
    @Test func membershipEdges() throws {
        let d = try on("2025-03-10")
        for id in ["a", "b", "old"] { _ = try d.result("habit.create", #"{"habitId":"\#(id)","name":"\#(id)"}"#) }
        _ = try d.result("entry.log", #"{"habitId":"old","dayKey":"2025-02-01","confirm":true}"#)
        _ = try d.result("bundle.create", #"{"bundleId":"core","name":"Core","kind":"all","habitIds":["a"]}"#)
        _ = try d.result("entry.log", #"{"habitId":"a","dayKey":"2025-03-09","confirm":true}"#)
        _ = try d.result("habit.archive", #"{"habitId":"b"}"#)
        let refused = try d.answer("bundle.add", #"{"bundleId":"core","habitId":"b"}"#)
        #expect(refused["error"]?["code"] == .string("conflict"), "\(JSONCodec.serialize(refused))")
        let later = try on("2025-03-12")
        _ = try later.result("bundle.add", #"{"bundleId":"core","habitId":"old"}"#)
        let history = try later.result("metrics.history", #"{"habitId":"core","from":"2025-02-01","to":"2025-03-11"}"#)
        guard case let .array(days)? = history["days"] else {
            Issue.record("no days")
            return
        }
        #expect(days.first?["mark"] == .string("none"), "February stays before the bundle's history: \(days.prefix(2))")
        _ = try later.result("habit.delete", #"{"habitId":"core","confirm":true}"#)
        _ = try later.result("bundle.create", #"{"bundleId":"next","name":"Next","kind":"all","habitIds":["a"]}"#)
        let a = try later.result("habit.get", #"{"habitId":"a"}"#)["habit"]
        #expect(a?["bundleDays"] == .string("core=..2025-03-12;next=.."), "\(String(describing: a))")
    }

    /// Options of a choice bundle compete on the days they counted for it: an option added
    /// on the 20th may be backfilled on the 10th beside the other option's entry, and joins
    /// though both were logged on a day before it.
    @Test func choiceOptionsCompeteOnlyOnTheirDays() throws {
        let d = try on("2025-03-20")
        for id in ["run", "yoga"] { _ = try d.result("habit.create", #"{"habitId":"\#(id)","name":"\#(id)"}"#) }
        _ = try d.result("bundle.create", #"{"bundleId":"move","name":"Move","kind":"choice","habitIds":["run"]}"#)
        for h in ["run", "yoga"] { _ = try d.result("entry.log", #"{"habitId":"\#(h)","dayKey":"2025-03-05","confirm":true}"#) }
        _ = try d.result("entry.log", #"{"habitId":"run","dayKey":"2025-03-10","confirm":true}"#)
        _ = try d.result("bundle.add", #"{"bundleId":"move","habitId":"yoga"}"#)
        let backfill = try d.result("entry.log", #"{"habitId":"yoga","dayKey":"2025-03-10","confirm":true}"#)
        #expect(backfill["entry"]?["dayKey"] == .string("2025-03-10"), "\(backfill)")
        #expect(try status(d, "2025-03-10", bundle: "move") == .string("complete"), "Run alone counted on the 10th")
        _ = try d.result("entry.log", #"{"habitId":"run"}"#)
        let second = try d.answer("entry.log", #"{"habitId":"yoga"}"#)
        #expect(second["error"]?["code"] == .string("confirmation_required"), "today both count: \(JSONCodec.serialize(second))")
    }

    /// A target, a pause or a change of cadence on a bundle parent is refused with what to do
    /// (it was stored and ignored: the paused bundle still read incomplete).
    @Test func aBundleTakesNoTargetOrPauseOfItsOwn() throws {
        let d = try on("2025-03-10")
        _ = try d.result("habit.create", #"{"habitId":"a","name":"A"}"#)
        _ = try d.result("bundle.create", #"{"bundleId":"core","name":"Core","kind":"all","habitIds":["a"]}"#)
        for (op, args) in [
            ("target.set", #"{"habitId":"core","target":0}"#),
            ("habit.pause", #"{"habitId":"core","from":"2025-03-10","to":"2025-03-12"}"#),
            ("habit.update", #"{"habitId":"core","cadence":"weekly","timesPerWeek":3}"#),
        ] {
            let answer = try d.answer(op, args)
            #expect(
                answer["error"]?["code"] == .string("invalid_argument") && answer["error"]?["field"] == .string("args.habitId"),
                "\(op): \(JSONCodec.serialize(answer))")
        }
        #expect(try d.result("target.list", #"{"habitId":"core"}"#)["versions"] == .array([]))
    }

    /// A bundle's habits share one cadence, the bundle's: mixing daily and weekly habits is
    /// refused with a hint, and a bundle of weekly habits asks its weeks what they ask (it
    /// read 0/0 = 100 % with no entries).
    @Test func aBundlesHabitsShareItsCadence() throws {
        let d = try on("2025-03-10")
        for (id, cadence) in [
            ("d1", ""), ("w1", #","cadence":"weekly","timesPerWeek":3"#), ("w2", #","cadence":"weekly","timesPerWeek":3"#),
            ("w4", #","cadence":"weekly","timesPerWeek":2"#),
        ] {
            _ = try d.result("habit.create", #"{"habitId":"\#(id)","name":"\#(id)"\#(cadence)}"#)
        }
        let mixed = try d.answer("bundle.create", #"{"bundleId":"mix","name":"Mix","kind":"all","habitIds":["d1","w1"]}"#)
        #expect(mixed["error"]?["field"] == .string("args.habitIds[1]"), "\(JSONCodec.serialize(mixed))")
        let bundle = try d.result("bundle.create", #"{"bundleId":"wk","name":"Weekly","kind":"all","habitIds":["w1","w2"]}"#)
        #expect(bundle["bundle"]?["cadence"] == .string("weekly") && bundle["bundle"]?["timesPerWeek"] == .int(3), "\(bundle)")
        let week = try d.result("metrics.week", #"{"habitId":"wk","dayKey":"2025-03-10"}"#)
        #expect(week["required"] == .int(3) && week["completed"] == .int(0), "\(week)")
        #expect(try d.answer("bundle.add", #"{"bundleId":"wk","habitId":"w4"}"#)["error"]?["code"] == .string("invalid_argument"))
        #expect(try d.answer("habit.update", #"{"habitId":"w1","cadence":"daily"}"#)["error"]?["field"] == .string("args.cadence"))
    }

    @Test func badBundleDaysAreRefusedAtEveryDoor() throws {
        let d = try on("2025-03-12")
        let records = { (days: String) in
            #"{"records":{"user":{"zone":"UTC"},"today":"2025-03-12","habits":[{"id":"core","name":"Core","bundle":"all"},{"id":"a","name":"A","bundleId":"core","bundleDays":\#(days)}],"entries":[{"id":"e","habitId":"a","dayKey":"2025-03-10"}]},"habitId":"core","dayKey":"2025-03-10"}"#
        }
        #expect(try d.result("metrics.day", records(#""core=2025-03-11..""#))["status"] == .string("notRequired"))
        #expect(try d.result("metrics.day", records(#""core=..""#))["status"] == .string("complete"))
        for bad in [#""core""#, #""c o=..""#, #""core=..,core=..""#, #""core=..;core=..""#, #""core=2025-03-11..2025-03-01""#] {
            let answer = try d.answer("metrics.day", records(bad))
            #expect(answer["error"]?["code"] == .string("invalid_argument"), "\(bad): \(JSONCodec.serialize(answer))")
        }
    }
}
