import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--tzdata PATH|system|embedded` and `--tzdata-only`: where zones come from, for every
/// command, before or after its name. Taken out of the arguments before parsing and handed to
/// the engine as `HABITFLOW_TZDATA`/`HABITFLOW_TZDATA_ONLY`, the setting every engine reads.
enum TZDataFlags {
    static let help = """
        --tzdata PATH|system|embedded  Where zones come from first: a folder of TZif files or an \
        Android tzdata file (default: $HABITFLOW_TZDATA, else the system tz database, then the copy \
        built in). --tzdata-only reads that source alone. `habitflow version` shows which answers.
        """

    /// The arguments without the tz data flags; exits 1 naming the file when the data cannot
    /// be used, 64 when `--tzdata` has no value.
    static func take(from arguments: [String]) -> [String] {
        var rest: [String] = []
        var value: String? = nil
        var only = false
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                rest += arguments[i...]
                break
            }
            if argument == "--tzdata-only" {
                only = true
            } else if argument == "--tzdata" {
                guard i + 1 < arguments.count else {
                    HabitFlowCommand.exit(withError: ValidationError("--tzdata needs a value: a path, system or embedded"))
                }
                value = arguments[i + 1]
                i += 1
            } else if argument.hasPrefix("--tzdata=") {
                value = String(argument.dropFirst("--tzdata=".count))
            } else {
                rest.append(argument)
            }
            i += 1
        }
        if value != nil || only {
            let setting = TZData(value ?? CLI.environment("HABITFLOW_TZDATA"), only: only)
            do throws(TimeError) { _ = try setting.sources() } catch {
                CLI.report(ProtocolError(error, field: "tzdata"), json: arguments.contains("--json"))
                exit(1)
            }
            if let value { setenv("HABITFLOW_TZDATA", value, 1) }
            setenv("HABITFLOW_TZDATA_ONLY", only ? "1" : "0", 1)
        }
        return rest
    }
}
