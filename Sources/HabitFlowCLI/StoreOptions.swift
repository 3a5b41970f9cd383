@_spi(Faces) import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which store, as which user, in which zone: shared by every command that reads or writes.
struct StoreOptions: ParsableArguments {
    @Option(help: "The store file (default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite).")
    var db: String?
    @Option(help: "Act as this user (default: $HABITFLOW_USER, else your login name).")
    var user: String?
    @Option(help: "Your current IANA zone (default: $HABITFLOW_ZONE, $TZ, /etc/localtime).")
    var zone: String?

    var path: String { storeSetting.value }

    var userName: String { userSetting.value }

    var zoneName: String? {
        let zone = zoneSetting
        return zone.source == "none" ? nil : zone.value
    }

    // Precedence: a flag, then the environment, then the config file, then what the system says.
    var storeSetting: Setting {
        Setting.first(
            "store",
            [
                (db, "flag --db"), (CLI.environment("HABITFLOW_DB"), "environment HABITFLOW_DB"),
                (Config.current.store, "config file"),
            ],
            otherwise: (StoreLocation.defaultPath(), "built in (XDG data folder)"))
    }

    var userSetting: Setting {
        var login: String? = nil
        if let pw = getpwuid(getuid()), let name = pw.pointee.pw_name { login = String(cString: name) }
        return Setting.first(
            "user",
            [
                (user, "flag --user"), (CLI.environment("HABITFLOW_USER"), "environment HABITFLOW_USER"),
                (Config.current.user, "config file"), (CLI.environment("USER"), "environment USER"),
                (login, "login name"),
            ], otherwise: ("me", "built in"))
    }

    var zoneSetting: Setting {
        Setting.first(
            "zone",
            [
                (zone, "flag --zone"), (CLI.environment("HABITFLOW_ZONE"), "environment HABITFLOW_ZONE"),
                (Config.current.zone, "config file"), (SystemZone.current(), "system ($TZ or /etc/localtime)"),
            ],
            otherwise: ("", "none"))
    }

    var firstWeekdaySetting: Setting {
        Setting.first(
            "first_weekday", [(Config.current.firstWeekday, "config file (for a user new to a store)")],
            otherwise: ("monday", "built in (for a user new to a store)"))
    }

    var settings: [Setting] { [storeSetting, userSetting, zoneSetting, firstWeekdaySetting] }

    /// A fixed clock for scripted tests, replays and the README's pictures: `HABITFLOW_NOW`.
    static let fixedNow: Instant? = environmentNow()

    /// The engine on the store; an open failure becomes an engine that reports it.
    func engine() -> (Engine, HabitFlowError?) {
        let opened = Engine.open(
            storePath: path, user: userName, zone: zoneName, now: Self.fixedNow,
            firstWeekday: Config.current.firstWeekday.flatMap(Weekday.init(name:)))
        if let notice = opened.0.storeNotice { CLI.writeError("habitflow: warning: \(notice)") }
        return opened
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

/// `HABITFLOW_NOW` as an instant. A value that is not an RFC 3339 instant exits 64, as a bad
/// config file does, never silently the clock: a script that meant a fixed day would act on today.
private func environmentNow() -> Instant? {
    guard let text = CLI.environment("HABITFLOW_NOW") else { return nil }
    do throws(TimeError) { return try Instant(parsing: text) } catch {
        CLI.writeError("habitflow: HABITFLOW_NOW: \(error.message) (unset it to use the clock)")
        exit(64)
    }
}
