import HabitFlowTestSupport
import Testing

@testable import HabitFlowCore

/// `SyncRules.validated` leaves days and instants to the record's decoding (it parses them
/// itself only to word an error): so every column named as a day or an instant must be parsed
/// by its kind's decoding, whatever the record's other fields — a text there that is not one
/// is refused, never carried on or dropped.
@Suite struct DecodedTimesTests {
    @Test func everyDayAndInstantColumnIsParsedByItsRecord() {
        var checked = 0
        for record in StoreContract.everyKind() {
            let kind = type(of: record).kind
            let roles = ColumnRole.of(kind)
            for (i, role) in roles.enumerated() where role == .day || role == .instant {
                for bad in ["not a time", "2025-13-01", "2025-03-12T25:00:00Z", ""] {
                    var values = record.row
                    values[i] = .text(bad)
                    #expect(throws: HabitFlowError.self, "\(kind).\(kind.columns[i]) took \(bad)") {
                        _ = try kind.recordType.init(changeValues: values)
                    }
                }
                checked += 1
            }
        }
        #expect(checked >= 30, "\(checked) columns")
    }

    /// The error names the first bad field in column order, in its own words, whichever check
    /// finds it: every pair of a day or instant column and an id column of every kind, each
    /// made bad, names the earlier; each alone names itself.
    @Test func theFirstBadFieldInColumnOrderIsTheError() {
        var pairs = 0
        for record in StoreContract.everyKind() {
            let kind = type(of: record).kind
            let columns = kind.columns, roles = ColumnRole.of(kind)
            func failure(_ values: [ChangeRecord.Value]) -> String? {
                let change = ChangeRecord(
                    kind: kind.rawValue, stamp: HybridTimestamp(wallMilliseconds: 1, counter: 0, replicaId: "r1"),
                    fields: zip(columns, values).map { (name: $0, value: $1) })
                do throws(HabitFlowError) { _ = try SyncRules.validated(change, at: "c") } catch { return error.field ?? "-" }
                return nil
            }
            // A few of the contract's records break a rule of their kind (a store keeps them
            // anyway): those have no whole to spoil.
            guard failure(record.row) == nil else { continue }
            let times = roles.indices.filter { roles[$0] == .day || roles[$0] == .instant }
            let ids = roles.indices.filter { roles[$0] == .id }
            for t in times {
                var values = record.row
                values[t] = .text("yesterday")
                #expect(failure(values) == "c.\(columns[t])", "\(kind)")
                for d in ids {
                    values[d] = .text("bad id!")
                    #expect(failure(values) == "c.\(columns[min(t, d)])", "\(kind): \(columns[t]), \(columns[d])")
                    values[d] = record.row[d]
                    pairs += 1
                }
            }
        }
        #expect(pairs >= 50, "\(pairs) pairs")
    }
}
