/// A record named whole: whose it is and its id. Ids are chosen per owner, so two users may
/// each hold a habit `h1`; wherever records of several users meet (a partner's shared goals,
/// their linked habits), a record is named by both.
public struct RecordRef: Hashable, Sendable, CustomStringConvertible {
    /// The user who owns it.
    public var owner: String
    /// Its id among that user's records.
    public var id: String

    /// The record `id` of `owner`.
    public init(owner: String, id: String) {
        self.owner = owner
        self.id = id
    }

    /// `owner/id`.
    public var description: String { "\(owner)/\(id)" }
}
