import PostgresNIO

/// A device setting (`flags`) of user $2.
struct ReadFlag: PreparedStatement {
    static let sql = "SELECT value FROM flags WHERE user_id = $1 AND flag_user = $2 AND key = $3"
    var user: String
    var flagUser: String
    var key: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, flagUser, key) }
}

/// The replica's device settings, all of them (a handful: the day the user reached, sharing's
/// state, a cursor per partner), at most $2: read with a push's first statements
/// (`PostgresTransaction.prefetch`), so the two it reads cost no round trip of their own.
struct ReadFlags: PreparedStatement {
    static let sql = "SELECT flag_user, key, value FROM flags WHERE user_id = $1 LIMIT $2"
    var user: String
    var limit: Int64
    func makeBindings() -> PostgresBindings { PostgresBindings(user, limit) }
}

/// A device setting (`flags`) of user $2 stored.
struct WriteFlag: PreparedStatement {
    static let sql = """
        INSERT INTO flags (user_id, flag_user, key, value) VALUES ($1, $2, $3, $4)
        ON CONFLICT (user_id, flag_user, key) DO UPDATE SET value = excluded.value
        """
    var user: String
    var flagUser: String
    var key: String
    var value: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user, flagUser, key, value) }
}
