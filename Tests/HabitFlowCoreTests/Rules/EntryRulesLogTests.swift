import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// `EntryRules` alone, given what the store holds: one entry a day, backfill confirmed,
/// deleted and archived habits closed. (Through the engine on a store: `EntryRulesTests`.)
@Suite struct EntryRulesLogTests {
    let today = DayKey("2025-03-12")
    let now = StoreContract.t0

    func log(_ id: String, day: String = "2025-03-12", value: Double? = 1, confirm: Bool = false) -> EntryRules.Log {
        EntryRules.Log(entryId: id, timestampUtc: now, dayKey: DayKey(day), value: value, note: nil, source: .manual, confirm: confirm)
    }

    @Test func aSecondLogOnAOnePerDayHabitUpdatesTheDaysEntry() throws {
        let habit = StoreContract.habit("h1")
        let first = try EntryRules.log(log("e1"), habit: habit, sameID: nil, activeOnDay: [], today: today, now: now)
        guard case let .created(entry) = first else {
            Issue.record("\(first)")
            return
        }
        let second = try EntryRules.log(log("e2", value: 4), habit: habit, sameID: nil, activeOnDay: [entry], today: today, now: now)
        #expect(second.name == "updated" && second.entry.id == "e1" && second.entry.value == 4)
        let again = try EntryRules.log(
            log("e1", value: 4), habit: habit, sameID: second.entry, activeOnDay: [second.entry], today: today, now: now)
        #expect(again.name == "unchanged")
        let multiple = StoreContract.habit("m1", multiple: true)
        #expect(try EntryRules.log(log("e3"), habit: multiple, sameID: nil, activeOnDay: [entry], today: today, now: now).name == "created")
    }

    @Test func anotherDayNeedsConfirmation() throws {
        let habit = StoreContract.habit("h1")
        for day in ["2025-03-11", "2025-03-13"] {
            do {
                _ = try EntryRules.log(log("e1", day: day), habit: habit, sameID: nil, activeOnDay: [], today: today, now: now)
                Issue.record("\(day) was logged unconfirmed")
            } catch {
                #expect(error.code == .confirmationRequired, "\(error)")
            }
            #expect(
                try EntryRules.log(log("e1", day: day, confirm: true), habit: habit, sameID: nil, activeOnDay: [], today: today, now: now)
                    .name == "created")
        }
    }

    @Test func aClosedHabitOrABadValueIsRefused() {
        var archived = StoreContract.habit("h1")
        archived.archived = true
        var bundle = StoreContract.habit("b1")
        bundle.bundle = .all
        for habit in [archived, bundle] {
            #expect(throws: HabitFlowError.self) {
                _ = try EntryRules.log(log("e1"), habit: habit, sameID: nil, activeOnDay: [], today: today, now: now)
            }
        }
        #expect(throws: HabitFlowError.self) {
            _ = try EntryRules.log(
                log("e1", value: .infinity), habit: StoreContract.habit("h1"), sameID: nil, activeOnDay: [], today: today, now: now)
        }
    }
}
