import NIOCore
import PostgresNIO

/// A row when $2 is a live (not revoked) token hash of user $1.
struct TokenIsLive: PreparedStatement {
    static let sql = "SELECT 1 FROM tokens WHERE user_id = $1 AND hash = $2 AND revoked_at IS NULL"
    var user: String
    var hash: [UInt8]
    func makeBindings() -> PostgresBindings { PostgresBindings(user, ByteBuffer(bytes: hash)) }
}

/// A row when user $1 was ever given a token.
struct HasTokens: PreparedStatement {
    static let sql = "SELECT 1 FROM tokens WHERE user_id = $1 LIMIT 1"
    var user: String
    func makeBindings() -> PostgresBindings { PostgresBindings(user) }
}
