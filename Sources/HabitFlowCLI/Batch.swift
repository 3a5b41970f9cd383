import HabitFlowCommandLine
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `habitflow batch`: JSON Lines in, one JSON response line out per request.
struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Run JSON Lines requests from stdin; write one response line each to stdout.",
        discussion: """
            Each non-blank input line is one request ({"op", "args", "requestId"}); each answer \
            is written and flushed as soon as it is ready. Diagnostics go to stderr. Exit status \
            is 0 when every request succeeded, 1 when any failed.
            """
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "Stop at the first failed request.") var bail = false

    func run() throws {
        // A store that fails to open still answers time requests; store requests get the reason.
        let dispatcher = Dispatcher(engine: store.engine().0)
        var reader = LineReader(maxLineBytes: JSONCodec.maxRequestBytes)
        var failed = 0
        var lineNumber = 0
        while let line = reader.next() {
            lineNumber += 1
            let response: (text: String, error: ErrorCode?)
            switch line {
            case let .line(bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                response = bytes.withUnsafeBufferPointer { dispatcher.respond(to: $0) }
            case let .tooLong(length):
                let error = ProtocolError(
                    .limitExceeded,
                    "request is over \(length) bytes; the limit is \(JSONCodec.maxRequestBytes)")
                response = (
                    JSONCodec.serialize(
                        .object([
                            ("ok", .bool(false)), ("error", CLI.errorJSON(error)),
                            ("requestId", .null),
                        ])), .limitExceeded
                )
            }
            CLI.write(fd: 1, response.text + "\n")
            if let code = response.error {
                failed += 1
                if bail {
                    CLI.writeError("habitflow batch: stopped at line \(lineNumber) (\(code.rawValue))")
                    throw ExitCode(1)
                }
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }
}

/// Reads stdin as raw bytes, line by line, holding at most `maxLineBytes` of one line: a
/// longer line is drained and reported, never buffered whole.
struct LineReader {
    enum Line {
        case line([UInt8])
        case tooLong(Int)
    }

    let maxLineBytes: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var eof = false

    init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if start == end {
                if eof { return length > 0 ? finish(line, length) : nil }
                let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 {
                    eof = true
                    continue
                }
                start = 0
                end = n
            }
            let chunk = buffer[start..<end]
            if let newline = chunk.firstIndex(of: 0x0A) {
                append(&line, &length, buffer[start..<newline])
                start = newline + 1
                return finish(line, length)
            }
            append(&line, &length, chunk)
            start = end
        }
    }

    private func append(_ line: inout [UInt8], _ length: inout Int, _ bytes: ArraySlice<UInt8>) {
        if length + bytes.count <= maxLineBytes { line.append(contentsOf: bytes) }
        length += bytes.count
    }

    private func finish(_ line: [UInt8], _ length: Int) -> Line {
        length > maxLineBytes ? .tooLong(length) : .line(line)
    }
}
