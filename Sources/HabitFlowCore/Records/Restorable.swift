/// An owned record deleted softly (a tombstone sync carries) and brought back as it was: its
/// id is used again only so (003 §7: journals and wellbeing restore as entries do).
public protocol Restorable: OwnedRecord {
    /// When it was deleted; `nil` while it exists.
    var deletedAt: Instant? { get set }
    /// When it last changed.
    var updatedAt: Instant { get set }
}

extension JournalEntry: Restorable {}
extension WellbeingMetricEntry: Restorable {}
