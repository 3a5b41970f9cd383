@_spi(Faces) import HabitFlow
import HabitFlowCore
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// hf_zone_*: one zone, opened once, then DayKeys and day ranges with no JSON and no lookup by
// name. The handle is the core's `Zone` itself, retained: immutable, so any thread may use it.

/// `hf_zone_open`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_zone_open")
public func hf_zone_open(_ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let out else { return ErrorCode.invalidArgument.number }
    out.pointee = nil
    guard let name else { return ErrorCode.invalidArgument.number }
    let length = strnlen(name, ZoneName.maxLength + 1)
    guard length <= ZoneName.maxLength else { return ErrorCode.unknownZone.number }
    guard let text = String(validatingCString: name), let zone = try? processEngine.zones.zone(named: text) else {
        return ErrorCode.unknownZone.number
    }
    out.pointee = OpaquePointer(Unmanaged.passRetained(zone).toOpaque())
    return 0
}

/// `hf_zone_close`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_zone_close")
public func hf_zone_close(_ zone: OpaquePointer?) {
    guard let zone else { return }
    Unmanaged<Zone>.fromOpaque(UnsafeRawPointer(zone)).release()
}

/// `hf_zone_day_key`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_zone_day_key")
public func hf_zone_day_key(_ zone: OpaquePointer?, _ unixSeconds: Int64, _ out: UnsafeMutablePointer<CChar>?) -> Int32 {
    hf_zone_day_key_from(zone, unixSeconds, 0, out)
}

/// `hf_zone_day_key_from`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_zone_day_key_from")
public func hf_zone_day_key_from(
    _ zone: OpaquePointer?, _ unixSeconds: Int64, _ dayStartsAt: Int32,
    _ out: UnsafeMutablePointer<CChar>?
) -> Int32 {
    guard let zone, let out, let start = DayStart(minutes: Int(dayStartsAt)) else { return ErrorCode.invalidArgument.number }
    guard unixSeconds >= Instant.minSeconds, unixSeconds < Instant.endSeconds, let instant = Instant(unixSeconds: unixSeconds) else {
        return ErrorCode.invalidDate.number
    }
    let day = Unmanaged<Zone>.fromOpaque(UnsafeRawPointer(zone))._withUnsafeGuaranteedRef {
        LocalDays(zone: $0, dayStart: start).dayKey(at: instant)
    }
    out.withMemoryRebound(to: UInt8.self, capacity: 11) { bytes in
        day.write(to: bytes)
        bytes[10] = 0
    }
    return 0
}

/// The layout of `hf_day_range` in include/habitflow.h.
private struct CDayRange {
    var exists: Int32
    var intervalCount: Int32
    var start: Int64
    var end: Int64
    var intervals: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)
}

/// `hf_zone_day_range`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_zone_day_range")
public func hf_zone_day_range(_ zone: OpaquePointer?, _ dayKey: UnsafePointer<CChar>?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    hf_zone_day_range_from(zone, dayKey, 0, out)
}

/// `hf_zone_day_range_from`: its contract (ownership, codes, threads) is in include/habitflow.h.
@_cdecl("hf_zone_day_range_from")
public func hf_zone_day_range_from(
    _ zone: OpaquePointer?, _ dayKey: UnsafePointer<CChar>?, _ dayStartsAt: Int32,
    _ out: UnsafeMutableRawPointer?
) -> Int32 {
    guard let zone, let dayKey, let out, let start = DayStart(minutes: Int(dayStartsAt)) else { return ErrorCode.invalidArgument.number }
    let length = strnlen(dayKey, 11)
    guard
        let day = dayKey.withMemoryRebound(
            to: UInt8.self, capacity: length, { DayKey(utf8: UnsafeBufferPointer(start: $0, count: length)) })
    else {
        return ErrorCode.invalidDate.number
    }
    let range: DayRange
    do throws(TimeError) {
        range = try Unmanaged<Zone>.fromOpaque(UnsafeRawPointer(zone)).takeUnretainedValue().range(of: day, dayStart: start)
    } catch {
        return HabitFlowError(error, field: nil).code == .unknownZone ? ErrorCode.unknownZone.number : ErrorCode.invalidDate.number
    }
    var result = CDayRange(
        exists: range.exists ? 1 : 0, intervalCount: Int32(range.intervals.count), start: range.start ?? 0,
        end: range.end ?? 0, intervals: (0, 0, 0, 0, 0, 0, 0, 0))
    withUnsafeMutableBytes(of: &result.intervals) { raw in
        let pairs = raw.bindMemory(to: Int64.self)
        for (i, interval) in range.intervals.enumerated() {
            pairs[2 * i] = interval.start
            pairs[2 * i + 1] = interval.end
        }
    }
    out.storeBytes(of: result, as: CDayRange.self)
    return 0
}
