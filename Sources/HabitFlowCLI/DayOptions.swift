import HabitFlow
import HabitFlowCommandLine
import HabitFlowCore
import HabitFlowProtocol

/// Days and times as people type them (`--day yesterday`, `--day -2`, `--day monday`,
/// `--at 07:30`), resolved against the user's today and zone by the core's `DayName` before
/// the request goes to the engine, which takes only exact DayKeys and instants.
extension CLI {
    /// A day option's DayKey text (`nil` when absent).
    static func day(_ text: String?, engine: Engine, json: Bool, option: String = "day") throws -> JSONValue? {
        guard let text else { return nil }
        let today = try userToday(engine, json: json).today
        do throws(TimeError) {
            return .string(try DayName.resolve(text, today: today).description)
        } catch {
            report(ProtocolError(error, field: option), json: json)
            throw ExitCode(1)
        }
    }

    /// An `--at` option: an RFC 3339 instant as given, or `HH:MM` within today in the user's
    /// zone (after midnight and before a day start of 04:00, the night that ends today).
    static func at(_ text: String?, engine: Engine, json: Bool) throws -> JSONValue? {
        guard let text else { return nil }
        guard !text.contains("T") else { return .string(text) }
        let (today, zoneName, dayStart) = try userToday(engine, json: json)
        guard let zone = try? engine.zone(named: zoneName), let instant = DayName.instant(text, on: today, in: zone, dayStart: dayStart)
        else {
            report(
                ProtocolError(.invalidDate, "--at takes HH:MM (today, in your zone) or an RFC 3339 instant, not \"\(text)\"", field: "at"),
                json: json)
            throw ExitCode(1)
        }
        return .string(instant.description)
    }

    private static func userToday(_ engine: Engine, json: Bool) throws -> (today: DayKey, zone: String, dayStart: DayStart) {
        let user = try run("user.get", [], json: json, engine: engine)
        guard case let .string(day)? = user["today"], let today = try? DayKey(parsing: day),
            case let .string(zone)? = user["user"]?["zone"],
            case let .string(start)? = user["user"]?["dayStartsAt"], let dayStart = try? DayStart(parsing: start)
        else {
            report(ProtocolError(.internal, "user.get gave no today"), json: json)
            throw ExitCode(1)
        }
        return (today, zone, dayStart)
    }
}
