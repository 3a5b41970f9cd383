import ArgumentParser
import HabitFlowCore
import HabitFlowPostgres
import HabitFlowServer

/// `habitflow-server token create|list|revoke`.
struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make, list and revoke access tokens (the database keeps only their hashes).",
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a token for a user: printed on the second line, then the command a device syncs with.")
        @OptionGroup var database: DatabaseOptions
        @Option(name: .long, help: "The user the token acts as.") var user: String
        @Option(name: .long, help: "A note to tell tokens apart (e.g. the device).") var label = ""
        @Option(name: .long, help: "The server's address as devices reach it, for the sync command printed.")
        var url = "http://127.0.0.1:8080"

        func run() async throws {
            do { try RecordID.validate(user, field: "user") } catch { throw ValidationError(error.message) }
            let db = try ServerDatabase(url: try database.url(), connections: 1)
            defer { db.close() }
            let token = AccessToken.make(user: user)
            try await db.perform { [user, label] () throws(HabitFlowError) in
                try db.migrate()
                try db.addToken(user: user, hash: token.hash, label: label)
            }
            print("token for \(user) (shown once; keep it secret):")
            print(token.text)
            print("on a device: habitflow sync with \(url) --token \(token.text)")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tokens: id, user, created, state, label.")
        @OptionGroup var database: DatabaseOptions
        @Option(name: .long, help: "Only this user's.") var user: String?

        func run() async throws {
            let db = try ServerDatabase(url: try database.url(), connections: 1)
            defer { db.close() }
            let tokens = try await db.perform { [user] () throws(HabitFlowError) in
                try db.migrate()
                return try db.tokens(user: user)
            }
            for t in tokens {
                print([t.id, t.user, t.createdAt, t.revoked ? "revoked" : "live", t.label].joined(separator: "\t"))
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: requests with it are refused from now on.")
        @OptionGroup var database: DatabaseOptions
        @Option(name: .long, help: "The token's user.") var user: String
        @Argument(help: "The token's id (from token list; 8 or more hex digits).") var id: String

        func run() async throws {
            let db = try ServerDatabase(url: try database.url(), connections: 1)
            defer { db.close() }
            try await db.perform { [user, id] () throws(HabitFlowError) in
                try db.migrate()
                try db.revokeToken(user: user, id: id)
            }
            print("revoked \(id)")
        }
    }
}
