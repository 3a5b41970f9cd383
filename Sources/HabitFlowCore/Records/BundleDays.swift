/// The days a habit counted for each bundle it belonged to (SPEC §6a: bundle membership is
/// date-effective like a goal's links): a child added today counts from today; removed,
/// archived or deleted today, it stops counting from today; past days of the bundle read as
/// they did.
///
/// Kept on the child, whose edits are the ones that change membership, so one record's last
/// write holds it whole. Its text, the store's and the sync format's column, is each bundle's
/// id and its `LinkedDays` text joined by `;`: `core=..2025-03-20;evening=2025-03-21..`.
/// A habit stored before membership had days (no text) counts for its `bundleId` always.
public struct BundleDays: Hashable, Sendable {
    /// One bundle's days.
    public struct Span: Hashable, Sendable {
        /// The bundle parent's id.
        public var bundleId: String
        /// The days counted (`from` nil: from the bundle's first day).
        public var days: LinkedDays
    }

    /// Each bundle's days, in the order first joined.
    public private(set) var spans: [Span]

    /// The most bundles one habit keeps days for.
    public static let maxSpans = 50

    /// No days recorded: the habit counts for its `bundleId` always (see the type).
    public static let none = BundleDays(spans: [])

    init(spans: [Span]) { self.spans = spans }

    /// The days the habit counts for bundle `id`, `current` its `bundleId`; `nil`: never.
    public func days(in id: String, current: String?) -> LinkedDays? {
        if let span = spans.first(where: { $0.bundleId == id }) { return span.days.isEmpty ? nil : span.days }
        return current == id ? .always : nil
    }

    /// Counts for bundle `id` again from `day` (`nil`: from the bundle's first day).
    /// - Throws: `limitExceeded` past `maxSpans` bundles or `LinkedDays.maxRanges` joins.
    public mutating func join(_ id: String, from day: DayKey?, current: String?) throws(HabitFlowError) {
        if let i = spans.firstIndex(where: { $0.bundleId == id }) {
            try spans[i].days.reopen(from: day)
            return
        }
        guard current != id else { return }  // always, already
        guard spans.count < Self.maxSpans else {
            throw HabitFlowError(.limitExceeded, "this habit was in \(Self.maxSpans) bundles: make a new habit", field: "habitId")
        }
        spans.append(Span(bundleId: id, days: LinkedDays(from: day)))
    }

    /// Stops counting for bundle `id` from `day` on; the days before keep counting.
    public mutating func leave(_ id: String, on day: DayKey, current: String?) {
        if let i = spans.firstIndex(where: { $0.bundleId == id }) {
            spans[i].days.end(on: day)
        } else if current == id {
            var days = LinkedDays.always
            days.end(on: day)
            spans.append(Span(bundleId: id, days: days))
        }
    }

    /// The text form (see the type); `nil` when no days are recorded.
    public var text: String? {
        spans.isEmpty ? nil : spans.map { "\($0.bundleId)=\($0.days.description)" }.joined(separator: ";")
    }

    /// Reads the text form (`nil`: none), refusing a malformed id, range list or a bundle twice.
    /// - Throws: `invalidArgument` naming `field`.
    public init(parsing text: String?, field: String = "bundleDays") throws(HabitFlowError) {
        guard let text else {
            self = .none
            return
        }
        func fail(_ why: String) -> HabitFlowError {
            HabitFlowError.invalid(field, "\(field) is BUNDLE=RANGES joined by ; (e.g. core=..2025-03-20): \(why)")
        }
        var spans: [Span] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let eq = part.firstIndex(of: "=") else { throw fail("\"\(part)\" has no =") }
            let id = String(part[..<eq])
            do throws(HabitFlowError) { try RecordID.validate(id, field: field) } catch { throw fail(error.message) }
            guard !spans.contains(where: { $0.bundleId == id }) else { throw fail("bundle \(id) appears twice") }
            let ranges = String(part[part.index(after: eq)...])
            // An empty list: joined and left on one day, counting nothing.
            let days = ranges.isEmpty ? LinkedDays(uncheckedRanges: []) : try LinkedDays(parsing: ranges, field: field)
            spans.append(Span(bundleId: id, days: days))
        }
        guard spans.count <= Self.maxSpans else { throw fail("more than \(Self.maxSpans) bundles") }
        self.spans = spans
    }
}
