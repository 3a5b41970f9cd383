#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import HabitFlow
import HabitFlowProtocol

/// Which store, as which user, in which zone: shared by every command that reads or writes.
struct StoreOptions: ParsableArguments {
    @Option(help: "The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).")
    var db: String?
    @Option(help: "Act as this user (default: $HABITFLOW_USER, else your login name).")
    var user: String?
    @Option(help: "Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).")
    var zone: String?

    var path: String { db ?? StoreLocation.defaultPath() }

    var userName: String {
        if let user { return user }
        if let env = CLI.environment("HABITFLOW_USER") { return env }
        if let env = CLI.environment("USER") { return env }
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name { return String(cString: name) }
        return "me"
    }

    var zoneName: String? { zone ?? CLI.environment("HABITFLOW_ZONE") ?? SystemZone.current() }

    /// The engine on the store; an open failure becomes an engine that reports it.
    func engine() -> (Engine, HabitFlowError?) {
        var now: Instant? = nil
        // A fixed clock for scripted tests and replays (documented in --help of the tests only).
        if let text = CLI.environment("HABITFLOW_NOW") { now = try? Instant(parsing: text) }
        return Engine.open(storePath: path, user: userName, zone: zoneName, now: now)
    }

    /// The engine on the store, or exit 1 with the reason.
    func openedEngine(json: Bool) throws -> Engine {
        let (engine, error) = engine()
        if let error {
            CLI.report(ProtocolError(error), json: json)
            throw ExitCode(1)
        }
        return engine
    }
}
