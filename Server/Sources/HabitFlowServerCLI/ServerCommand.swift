import ArgumentParser

/// `habitflow-server`: the sync service and its tokens.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitflow-server",
        abstract: "Sync service for HabitFlow: a user's devices and partners share one truth, in PostgreSQL.",
        discussion: "The database is given by --database or HABITFLOW_DATABASE_URL (postgres://user:password@host:port/name).",
        subcommands: [Serve.self, Token.self]
    )
}

/// The database option every command takes.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: "postgres://user:password@host:port/name (default: $HABITFLOW_DATABASE_URL).")
    var database: String?

    func url() throws -> String {
        if let database { return database }
        if let env = getenv("HABITFLOW_DATABASE_URL").map({ String(cString: $0) }), !env.isEmpty { return env }
        throw ValidationError("give --database URL or set HABITFLOW_DATABASE_URL")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
