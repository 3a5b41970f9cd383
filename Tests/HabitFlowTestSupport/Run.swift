import Foundation

/// The outcome of a child process.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stdoutBytes: Data
}

/// A child that outlived its time limit (it was killed).
public struct ProcessTimeout: Error, CustomStringConvertible {
    public var command: String
    public var seconds: Double
    public var description: String { "\(command) ran longer than \(Int(seconds)) s and was killed" }
}

/// Runs a real program (python3, cc, the CLI, sh) to completion.
///
/// - Parameters:
///   - executable: a path, or a name looked up on PATH via /usr/bin/env.
///   - stdin: bytes written to the child's standard input, then closed.
///   - timeout: seconds before the child is killed and `ProcessTimeout` thrown, so a hung
///     child fails its test instead of stalling the run.
public func run(
    _ executable: String, _ arguments: [String], stdin: Data = Data(),
    environment: [String: String] = [:], directory: String? = nil,
    timeout: Double = 600
) throws -> ProcessResult {
    let process = Process()
    if executable.hasPrefix("/") {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
    }
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try launch(process)
    // Read both pipes while the child runs, so a chatty child never blocks on a full pipe.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data(), err = Data()
    group.enter()
    DispatchQueue.global().async {
        out = drain(output.fileHandleForReading)
        group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        err = drain(errors.fileHandleForReading)
        group.leave()
    }
    if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: stdin) }
    try? input.fileHandleForWriting.close()
    let fired = NSLock()
    nonisolated(unsafe) var timedOut = false
    let deadline = DispatchWorkItem { [process] in
        fired.lock()
        defer { fired.unlock() }
        if process.isRunning {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
    process.waitUntilExit()
    deadline.cancel()
    group.wait()
    // The read ends are ours to close: left to Foundation they stay open, and a test process
    // that runs thousands of children ends up with over 1,300 pipes — where Foundation's
    // `Process.run` (which lists /proc/self/fd) crashes in a `memmove`.
    try? output.fileHandleForReading.close()
    try? errors.fileHandleForReading.close()
    fired.lock()
    let killed = timedOut
    fired.unlock()
    if killed { throw ProcessTimeout(command: ([executable] + arguments).joined(separator: " "), seconds: timeout) }
    return ProcessResult(
        status: process.terminationStatus,
        stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self),
        stdoutBytes: out)
}

/// Everything a pipe gives until its end. `FileHandle.readDataToEndOfFile` traps when a
/// read is interrupted by a signal (EINTR, seen with several children running): this retries.
private func drain(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if n > 0 {
            data.append(contentsOf: buffer[0..<n])
        } else if n == 0 || errno != EINTR {
            return data
        }
    }
}

/// Starts `process`, one at a time across the test process. A fault test spawning from six
/// threads crashed in `Process.run` (a `memmove`); the same crash came back in session 17 from
/// a descriptor leak (this file left two pipes open per child: `Process.run` lists
/// /proc/self/fd and failed past about 1,360), so the leak was the likely cause. The lock stays:
/// spawning one at a time costs the tests nothing measurable.
public func launch(_ process: Process) throws {
    try spawning.withLock { try process.run() }
}

private let spawning = NSLock()
