import HabitFlow
import HabitFlowTestSupport
import Testing

/// `importEntries` inserts new entries without `log`'s reads when it can (issue 12); its
/// answers must stay `log`'s. Random imports — repeated ids, occupied days, retries of
/// earlier imports, deleted entries, another user's ids, multiple-per-day habits — go into one
/// store as imports and into another entry by entry through `log` (confirmed, source import):
/// the same summary, the same entries, the same refusals.
@Suite struct ImportPathTests {
    static let now = "2025-03-12T11:00:00Z"

    func setUp(_ label: String) throws -> (Engine, TestStore) {
        let store = TestStore(label)
        let bob = try store.engine(now: Self.now, user: "bob")
        var theirs = HabitDraft(name: "Bob's")
        theirs.id = "bobs"
        _ = try bob.createHabit(theirs)
        var l = LogRequest(habitId: "bobs")
        l.entryId = "taken"
        _ = try bob.log(l)
        let engine = try store.engine(now: Self.now)
        for (id, multi) in [("once", false), ("twice", false), ("many", true)] {
            var h = HabitDraft(name: id)
            h.id = id
            h.kind = .numeric
            h.unit = "km"
            h.multiplePerDay = multi
            _ = try engine.createHabit(h)
        }
        var gone = LogRequest(habitId: "once")
        gone.entryId = "gone"
        gone.dayKey = DayKey("2025-03-01")
        gone.value = 1
        gone.confirm = true
        _ = try engine.log(gone)
        _ = try engine.deleteEntry("gone", confirm: true)
        return (engine, store)
    }

    func entries(_ engine: Engine) throws -> [String] {
        var q = EntryQuery()
        q.includeDeleted = true
        return try engine.entries(q).map { "\($0.id) \($0.habitId) \($0.dayKey) \($0.value ?? -1) \($0.source) \($0.deletedAt != nil)" }
            .sorted()
    }

    @Test func importsAnswerAsLogDoes() throws {
        let seed = SplitMix64.testSeed()
        var rng = SplitMix64(seed: seed)
        for round in 0..<8 {
            let (fast, _) = try setUp("import-fast-\(round)")
            let (slow, _) = try setUp("import-slow-\(round)")
            for batch in 0..<3 {
                var requests: [LogRequest] = []
                // The last round's batches are past the bulk threshold (SQLite: plain inserts,
                // the cache's insert trigger set aside).
                for _ in 0..<(round == 7 ? 300 : 5 + Int(rng.next() % 40)) {
                    var r = LogRequest(habitId: ["once", "twice", "many"][Int(rng.next() % 3)])
                    let pick = rng.next() % 60
                    r.entryId = pick == 0 ? "taken" : pick == 1 ? "gone" : "e\(rng.next() % 30)"
                    let day = Int(rng.next() % 12)
                    r.timestampUtc = Instant(unixSeconds: 1_740_787_200 + Int64(day) * 86_400 + Int64(rng.next() % 80_000))
                    r.value = Double(rng.next() % 4)
                    r.source = .import
                    requests.append(r)
                }
                let imported: Result<ImportSummary, HabitFlowError>
                do throws(HabitFlowError) { imported = .success(try fast.importEntries(requests)) } catch { imported = .failure(error) }
                // The reference: the same entries one by one through `log`, up to a refusal.
                var summary = ImportSummary()
                var refusal: HabitFlowError? = nil
                for (i, var r) in requests.enumerated() {
                    r.confirm = true
                    do throws(HabitFlowError) {
                        switch try slow.log(r) {
                        case .created: summary.created += 1
                        case .updated: summary.updated += 1
                        case .unchanged: summary.unchanged += 1
                        }
                    } catch {
                        refusal = error
                        refusal?.field = "entries[\(i)]" + (error.field.map { "." + $0 } ?? "")
                        break
                    }
                }
                switch (imported, refusal) {
                case let (.success(got), nil):
                    #expect(got == summary, "seed \(seed) round \(round) batch \(batch)")
                case let (.failure(got), want?):
                    #expect(
                        got.code == want.code && got.field == want.field, "seed \(seed) round \(round) batch \(batch): \(got) vs \(want)")
                default:
                    Issue.record("seed \(seed) round \(round) batch \(batch): import \(imported), log \(String(describing: refusal))")
                }
                if refusal != nil { break }  // the import wrote nothing, the reference some: the round ends
                #expect(try entries(fast) == entries(slow), "seed \(seed) round \(round) batch \(batch)")
            }
        }
    }
}
