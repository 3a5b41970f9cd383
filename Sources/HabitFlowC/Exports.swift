@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol
import HabitFlowStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C ABI: `@_cdecl` exports behind include/habitflow.h, and nothing else. Each function
// checks its pointers, converts, and calls the dispatcher or the engine; no rule lives here.
// No input can reach a Swift trap: every failure comes back as a status code.

/// The engine behind the handle-free entry points. Its only state is the zone cache, which is
/// read-only system data, so one per process is the cheapest correct choice. Made on first
/// use, from the tz data `hf_set_tzdata` chose (else `HABITFLOW_TZDATA`'s).
let processEngine: Engine = process.tzdata.withLock { state in
    state.started = true
    return Engine(zoneSource: state.tzdata.sourcesReportingErrors())
}
private let processDispatcher = Dispatcher(engine: processEngine)
/// The zone table, borrowed without reference counting: `hf_day_key` on many threads must not
/// contend on one atomic retain count (the engine lives for the process).
private let processZones = Unmanaged.passUnretained(processEngine.zones)

private let HF_OK: Int32 = 0

/// A malloc'd NUL-terminated copy of `text`, released by `hf_string_free`; `nil` when out of
/// memory.
private func cString(_ text: String) -> UnsafeMutablePointer<CChar>? {
    var copy = text
    return copy.withUTF8 { bytes -> UnsafeMutablePointer<CChar>? in
        guard let out = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
        if let base = bytes.baseAddress {
            memcpy(out, base, bytes.count)
        }
        out[bytes.count] = 0
        return out
    }
}

/// Failure responses made here, for problems found before the dispatcher is reached.
private enum Failure {
    static func response(_ error: ProtocolError) -> String {
        JSONCodec.serialize(.object([("ok", .bool(false)), ("error", error.json), ("requestId", .null)]))
    }
}

/// `hf_version`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_version")
public func hf_version() -> UnsafePointer<CChar> {
    HabitFlowVersion.cString
}

/// `hf_version_number`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_version_number")
public func hf_version_number() -> Int32 {
    HabitFlowVersion.number
}

/// `hf_call`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_call")
public func hf_call(
    _ request: UnsafePointer<CChar>?,
    _ response: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let response else { return ErrorCode.invalidArgument.number }
    return call(processDispatcher, request, response).status
}

/// One request through `dispatcher`: the shared body of `hf_call` and `hf_engine_call`. Returns
/// the status and, on failure, the error's message.
private func call(
    _ dispatcher: Dispatcher, _ request: UnsafePointer<CChar>?,
    _ response: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> (status: Int32, message: String?) {
    response.pointee = nil
    let text: String
    let failure: ProtocolError?
    if let request {
        // strnlen: never scan past the limit, however long the host's buffer is.
        let length = strnlen(request, JSONCodec.maxRequestBytes + 1)
        if length > JSONCodec.maxRequestBytes {
            // Refused either way; the error names the text's real size (the string is the
            // host's, NUL-terminated as the header requires).
            failure = JSONCodec.tooLarge(strlen(request))
            text = Failure.response(failure!)
        } else {
            (text, failure) = request.withMemoryRebound(to: UInt8.self, capacity: length) {
                dispatcher.respondWithFailure(to: UnsafeBufferPointer(start: $0, count: length))
            }
        }
    } else {
        failure = ProtocolError(.invalidArgument, "request is NULL", field: "request")
        text = Failure.response(failure!)
    }
    guard let out = cString(text) else { return (ErrorCode.internal.number, "out of memory") }
    response.pointee = out
    return (failure?.code.number ?? HF_OK, failure?.message)
}

/// `hf_day_key`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_day_key")
public func hf_day_key(
    _ unixSeconds: Int64, _ zone: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<CChar>?
) -> Int32 {
    guard let zone, let out else { return ErrorCode.invalidArgument.number }
    guard let instant = Instant(unixSeconds: unixSeconds) else { return ErrorCode.invalidDate.number }
    let length = strnlen(zone, ZoneName.maxLength + 1)
    let day: DayKey? = zone.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        let name = UnsafeBufferPointer(start: bytes, count: length)
        let cached = processZones._withUnsafeGuaranteedRef { zones in
            zones.cachedDayNumber(zoneNamed: name, at: instant.seconds)
        }
        if let cached { return DayKey(dayNumber: Int(cached)) }
        // First use of this zone (or not a zone): the general path, which loads and caches.
        guard length <= ZoneName.maxLength else { return nil }
        return try? processEngine.dayKey(at: instant, zone: String(decoding: name, as: UTF8.self))
    }
    guard let day else { return ErrorCode.unknownZone.number }
    out.withMemoryRebound(to: UInt8.self, capacity: 11) { bytes in
        day.write(to: bytes)
        bytes[10] = 0
    }
    return HF_OK
}

/// What an `hf_engine *` points to: one engine (maybe a failed open) and its dispatcher.
private final class EngineHandle: Sendable {
    let dispatcher: Dispatcher
    /// The last call's failure message (NUL-terminated, owned here) for `hf_errmsg`; none
    /// after a success.
    private let lastFailure = Locked<CMessage>(CMessage())

    /// A malloc'd C string, freed when replaced.
    private struct CMessage: @unchecked Sendable {
        var pointer: UnsafeMutablePointer<CChar>?
    }

    init(_ engine: Engine, openFailure: String?) {
        dispatcher = Dispatcher(engine: engine)
        record(openFailure)
    }

    deinit { lastFailure.withLock { free($0.pointer) } }

    /// Keeps `message` (nil: the call succeeded) and frees the one before.
    func record(_ message: String?) {
        let new = message.flatMap(cString)
        lastFailure.withLock {
            free($0.pointer)
            $0.pointer = new
        }
    }

    var message: UnsafePointer<CChar>? { lastFailure.withLock { $0.pointer.map { UnsafePointer($0) } } }
}

/// `hf_set_tzdata`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_set_tzdata")
public func hf_set_tzdata(
    _ tzdata: UnsafePointer<CChar>?, _ only: Int32, _ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    message?.pointee = nil
    let setting = TZData(tzdata.map { String(cString: $0) }, only: only != 0)
    let failure: String? = process.tzdata.withLock { state in
        do throws(TimeError) { _ = try setting.sources() } catch { return error.message }
        guard !state.started else {
            return "hf_set_tzdata must come before the first handle-free call (hf_call, hf_day_key, hf_zone_open, ...)"
        }
        state.tzdata = setting
        return nil
    }
    guard let failure else { return HF_OK }
    message?.pointee = cString(failure)
    return ErrorCode.invalidArgument.number
}

/// `hf_open`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_open")
public func hf_open(
    _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guard let out else { return ErrorCode.invalidArgument.number }
    out.pointee = nil
    let pathText = path.map { String(cString: $0) }
    let tzdata = process.tzdata.withLock { $0.tzdata }
    let (engine, error) =
        options.map { options in
            let length = strnlen(options, JSONCodec.maxRequestBytes + 1)
            return options.withMemoryRebound(to: UInt8.self, capacity: length) {
                OpenOptions.open(path: pathText, options: UnsafeBufferPointer(start: $0, count: length), tzdata: tzdata)
            }
        } ?? OpenOptions.open(path: pathText, options: nil, tzdata: tzdata)
    let opened = Unmanaged.passRetained(EngineHandle(engine, openFailure: error?.message)).toOpaque()
    process.handles.insert(opened)
    out.pointee = OpaquePointer(opened)
    return error?.code.number ?? HF_OK
}

/// The handle at `handle`, held for the caller, or the message for a handle that cannot be used.
private func liveHandle(_ handle: OpaquePointer) -> Result<EngineHandle, HandleFault> {
    process.handles.lookup(UnsafeRawPointer(handle)) { found in
        switch found {
        case let .live(raw): .success(Unmanaged<EngineHandle>.fromOpaque(raw).takeUnretainedValue())
        case .closed: .failure(HandleFault(message: "engine handle is closed, or not one hf_open made"))
        case .inherited:
            .failure(HandleFault(message: "engine handle was opened by another process (before fork): open one in this process"))
        }
    }
}

/// Why a handle cannot be used: a static text (hf_errmsg returns it as is).
private struct HandleFault: Error {
    let message: StaticString
}

/// `hf_engine_call`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_engine_call")
public func hf_engine_call(
    _ handle: OpaquePointer?, _ request: UnsafePointer<CChar>?,
    _ response: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let handle else {
        let error = ProtocolError(.invalidArgument, "engine handle is NULL", field: "engine")
        response?.pointee = cString(Failure.response(error))
        return ErrorCode.invalidArgument.number
    }
    let engine: EngineHandle
    switch liveHandle(handle) {
    case let .success(live): engine = live
    case let .failure(fault):
        response?.pointee = cString(Failure.response(ProtocolError(.invalidArgument, "\(fault.message)", field: "engine")))
        return ErrorCode.invalidArgument.number
    }
    guard let response else {
        engine.record("response_json is NULL")
        return ErrorCode.invalidArgument.number
    }
    let (status, message) = call(engine.dispatcher, request, response)
    engine.record(message)
    return status
}

/// `hf_close`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_close")
public func hf_close(_ handle: OpaquePointer?) {
    guard let handle else { return }
    // Closed once: a second close, or one of a pointer hf_open never gave, does nothing. A
    // handle inherited across fork() is forgotten, never released: its connection and locks
    // are the parent's, and closing them here could undo the parent's (its memory stays).
    guard case let .live(raw) = process.handles.remove(UnsafeRawPointer(handle)) else { return }
    Unmanaged<EngineHandle>.fromOpaque(raw).release()
}

/// `hf_errmsg`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_errmsg")
public func hf_errmsg(_ handle: OpaquePointer?) -> UnsafePointer<CChar> {
    guard let handle else { return staticText("engine handle is NULL") }
    switch liveHandle(handle) {
    case let .success(engine): return engine.message ?? staticText("not an error")
    case let .failure(fault): return staticText(fault.message)
    }
}

/// `hf_errstr`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_errstr")
public func hf_errstr(_ code: Int32) -> UnsafePointer<CChar> {
    if code == HF_OK { return staticText("not an error") }
    guard let known = ErrorCode.allCases.first(where: { $0.number == code }) else { return staticText("unknown status code") }
    return staticText(known.text)
}

/// A string literal's NUL-terminated bytes, which live as long as the library.
private func staticText(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// `hf_string_free`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_string_free")
public func hf_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
