/// One numbered change of the server's schema. Shipped migrations are never edited: a change
/// is a new one. Each runs in its own transaction at start-up, under an advisory lock, so two
/// servers starting on one database apply it once.
struct Migration: Sendable {
    let version: Int
    let name: String
    let statements: [String]

    /// Every migration, in order.
    static let all: [Migration] = [.replicas, .tokens, .ownerKeys, .typedTables]
}
