import HabitFlowCore
import HabitFlowStore
import NIOCore
import PostgresNIO

/// A token as the database lists it (never the token itself: only its hash is kept).
public struct TokenRecord: Sendable, Equatable {
    public var user: String
    /// The first 12 hex digits of the hash: how `token list` and `token revoke` name it.
    public var id: String
    public var label: String
    public var createdAt: String
    public var revoked: Bool
}

extension ServerDatabase {
    /// Stores the hash of a new token of `user`, whose replica holds a profile from then on: a
    /// stand-in until their device's arrives (`ensurePlaceholderProfile(of:)`), so the server
    /// opens their engine without reading. One transaction: the token and the stand-in come
    /// together, or neither does.
    public func addToken(user: String, hash: [UInt8], label: String) throws(HabitFlowError) {
        try PostgresStore(database: self, user: user, clock: { Instant(unixSeconds: 0)! }).serverWrite { tx throws(HabitFlowError) in
            try tx.ensurePlaceholderProfile(of: user)
            // Answered at COMMIT: a token already held rolls back the stand-in too.
            tx.pipeline.send("INSERT INTO tokens (user_id, hash, label) VALUES (\(user), \(ByteBuffer(bytes: hash)), \(label))")
        }
    }

    /// Gives `user`'s replica the stand-in profile unless it holds one (its clock is never read:
    /// a stand-in is stamped before any change).
    func ensurePlaceholderProfile(of user: String) throws(HabitFlowError) {
        try PostgresStore(database: self, user: user, clock: { Instant(unixSeconds: 0)! }).write { tx throws(HabitFlowError) in
            try tx.ensurePlaceholderProfile(of: user)
        }
    }

    /// Gives each user with a token and no profile the stand-in one: users given a token
    /// before `addToken` made it (the server calls this at start; each later call finds none).
    ///
    /// Users are looked at `page` at a time, in user order: one look-up each in the records'
    /// key, so every answer comes well within the database timeout whatever the number of
    /// users (all at once, 40,000 users with a year of history each took over 30 s, cold).
    /// - Returns: how many were given one.
    public func ensurePlaceholderProfiles(page: Int = 2_000) throws(HabitFlowError) -> Int {
        var given = 0, after = ""
        while true {
            let rows = try withConnection { (c: PostgresConnection) throws(HabitFlowError) -> [(String, Bool)] in
                try run(
                    """
                    SELECT t.user_id, EXISTS (SELECT 1 FROM users u JOIN user_keys k ON u.user_key = k.user_key
                        WHERE k.user_id = t.user_id AND u.id_key IS NULL)
                    FROM (SELECT DISTINCT user_id FROM tokens WHERE user_id > \(after) ORDER BY user_id LIMIT \(page)) t
                    ORDER BY t.user_id
                    """, on: c
                ).map { row throws(HabitFlowError) in try PostgresTransaction.decode(row, (String, Bool).self) }
            }
            for (user, held) in rows where !held {
                try ensurePlaceholderProfile(of: user)
                given += 1
            }
            guard rows.count == page, let last = rows.last else { return given }
            after = last.0
        }
    }

    /// Whether `hash` is a live (not revoked) token of `user`.
    public func tokenIsLive(user: String, hash: [UInt8]) throws(HabitFlowError) -> Bool {
        try withConnection { (c: PostgresConnection) throws(HabitFlowError) -> Bool in
            try !Pipeline(c, self).run(TokenIsLive(user: user, hash: hash)).isEmpty
        }
    }

    /// Runs `body` (on this thread, blocking) with `user`'s replica as a request bearing the
    /// token `hash` reaches it: the token is checked with the first transaction `body` opens
    /// on that store — by the transaction's first read, of the replica's row, and verified
    /// before that transaction hands out any answer, so the check costs no statement of its
    /// own — or, when `body` opens none or fails before one, on its own before returning.
    /// - Throws: `forbidden` naming `authorization` when the token is unknown or revoked.
    public func asTokenUser<T>(
        _ user: String, hash: [UInt8], clock: @escaping @Sendable () -> Instant,
        _ body: (any RecordStore) throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T {
        let check = TokenCheck(user: user, hash: hash)
        let result: Result<T, HabitFlowError>
        do throws(HabitFlowError) {
            result = .success(try body(PostgresStore(database: self, user: user, clock: clock, token: check)))
        } catch {
            result = .failure(error)
        }
        if check.live != true {
            guard try tokenIsLive(user: user, hash: hash) else { throw TokenCheck.refused }
        }
        return try result.get()
    }

    /// Whether `user` has ever been given a token: a user of this server, not just an id
    /// someone typed.
    public func hasTokens(user: String) throws(HabitFlowError) -> Bool {
        try withConnection { (c: PostgresConnection) throws(HabitFlowError) -> Bool in
            try !Pipeline(c, self).run(HasTokens(user: user)).isEmpty
        }
    }

    /// The tokens of `user`, or of every user when `nil`, oldest first.
    public func tokens(user: String?) throws(HabitFlowError) -> [TokenRecord] {
        try withConnection { (c: PostgresConnection) throws(HabitFlowError) -> [TokenRecord] in
            let rows =
                if let user {
                    try run(
                        """
                        SELECT user_id, encode(hash, 'hex'), label, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                            revoked_at IS NOT NULL FROM tokens WHERE user_id = \(user) ORDER BY created_at, hash
                        """, on: c)
                } else {
                    try run(
                        """
                        SELECT user_id, encode(hash, 'hex'), label, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                            revoked_at IS NOT NULL FROM tokens ORDER BY created_at, user_id, hash
                        """, on: c)
                }
            var out: [TokenRecord] = []
            for row in rows {
                let (user, hex, label, created, revoked) = try PostgresTransaction.decode(row, (String, String, String, String, Bool).self)
                out.append(TokenRecord(user: user, id: String(hex.prefix(12)), label: label, createdAt: created, revoked: revoked))
            }
            return out
        }
    }

    /// Revokes the token of `user` whose id (hash prefix, at least 8 hex digits) is `id`.
    /// - Throws: `notFound` naming `token` when none matches; `invalidArgument` when several do.
    public func revokeToken(user: String, id: String) throws(HabitFlowError) {
        guard id.count >= 8, id.count <= 64, id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw HabitFlowError(.invalidArgument, "a token id is 8 to 64 lower-case hex digits (token list shows them)", field: "token")
        }
        try withConnection { (c: PostgresConnection) throws(HabitFlowError) in
            try transaction(c) { (p: Pipeline) throws(HabitFlowError) in
                let n =
                    try p.run(
                        """
                        UPDATE tokens SET revoked_at = coalesce(revoked_at, now())
                        WHERE user_id = \(user) AND starts_with(encode(hash, 'hex'), \(id)) RETURNING 1
                        """
                    ).count
                if n == 0 { throw HabitFlowError(.notFound, "user \(user) has no token \(id)", field: "token") }
                if n > 1 { throw HabitFlowError(.invalidArgument, "\(id) names \(n) tokens: give more of it", field: "token") }
                // A write of the user's under way (checked before this) loses: an unlocked one
                // applies only if `writes` is unchanged, and runs again, its token checked again.
                _ = try p.run("UPDATE replicas SET writes = writes + 1 WHERE user_id = \(user)")
            }
        }
    }
}

/// A request's token, checked before the request's first transaction answers
/// (`asTokenUser`): the request's store (`PostgresStore.token`) carries it to each of its
/// transactions. One request's, touched by the thread serving it only.
public final class TokenCheck: @unchecked Sendable {
    let user: String
    let hash: [UInt8]
    /// What a check answered: live, or not (unknown or revoked: no later transaction of the
    /// request runs); `nil` until one did.
    var live: Bool?

    init(user: String, hash: [UInt8]) {
        self.user = user
        self.hash = hash
    }

    /// Sends `statement` — the transaction's first read, of the user's replica, answering a
    /// row only when this token is live — as the check: the pipeline's next wait refuses the
    /// request when it answers none. (A check that failed, its connection lost or its wait
    /// timed out, decided nothing: the next transaction checks again.)
    /// - Throws: `forbidden` when an earlier transaction found the token refused (whoever
    ///   caught that error).
    func send<S: PreparedStatement>(_ statement: S, on pipeline: Pipeline) throws(HabitFlowError) -> Answer<[PostgresRow]> {
        if live == false { throw TokenCheck.refused }
        return pipeline.send(statement, requiringARow: TokenCheck.refused) { self.live = $0 }
    }

    static let refused = HabitFlowError(.forbidden, "the token is unknown or revoked", field: "authorization")
}
