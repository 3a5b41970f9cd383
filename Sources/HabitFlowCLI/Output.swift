#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import HabitFlow
import HabitFlowProtocol


/// How every subcommand talks to the engine: it builds a request, the dispatcher answers, and
/// the command only renders. So the CLI cannot disagree with C, Python or batch mode.
enum CLI {
    static let dispatcher = Dispatcher(engine: Engine())

    /// Runs `op` with `args`; on failure prints the error and exits 1.
    static func run(_ op: String, _ args: [(String, JSONValue)], json: Bool) throws -> JSONValue {
        do throws(ProtocolError) {
            return try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))]))
        } catch {
            if json {
                writeError(JSONCodec.serialize(.object([("ok", .bool(false)), ("error", errorJSON(error))])))
            } else {
                writeError("habitflow: \(error.message)" + (error.field.map { " (\($0))" } ?? ""))
            }
            throw ExitCode(1)
        }
    }

    static func errorJSON(_ error: ProtocolError) -> JSONValue {
        .object([
            ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
            ("field", error.field.map(JSONValue.string) ?? .null),
        ])
    }

    /// Prints a result as one JSON line.
    static func printJSON(_ value: JSONValue) {
        print(JSONCodec.serialize(value))
    }

    static func writeError(_ line: String) {
        write(fd: 2, line + "\n")
    }

    /// Writes all of `text` to a file descriptor, unbuffered (so each batch line is flushed).
    static func write(fd: Int32, _ text: String) {
        var copy = text
        copy.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case let .string(s)?: s
        case let .int(i)?: String(i)
        case let .double(d)?: d.rounded() == d ? String(Int64(d)) : String(d)
        case let .bool(b)?: String(b)
        default: "-"
        }
    }
}
