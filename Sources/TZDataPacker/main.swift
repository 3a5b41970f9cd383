// TZDataPacker: the build step behind the embedded tz database. Reads a tz database folder
// (the build machine's, `TZDIR` or /usr/share/zoneinfo) and writes a Swift file holding it
// as one `TZifPack` archive in a string literal, which the HabitFlowTZData target compiles.
//
//   TZDataPacker [--none] ZONEINFO_DIR OUTPUT.swift
//
// --none writes an archive with no zones (HABITFLOW_TZDATA_EMBED=none at build time).
//
// Run by the EmbedTZData build plugin; hosts never run it.
import HabitFlowCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    let line = Array("TZDataPacker: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func readFile(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n == 0 { break }
        bytes += buffer[0..<n]
        if bytes.count > limit { return nil }
    }
    return bytes
}

/// Every regular file under `root`, as paths relative to it (links followed, as the tz
/// database's own links are files or symlinks depending on how it was installed).
func walk(_ root: String, _ relative: String = "", into out: inout [String]) {
    guard let dir = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name == "." || name == ".." { continue }
        let path = relative.isEmpty ? name : relative + "/" + name
        var info = stat()
        guard stat(root + "/" + path, &info) == 0 else { continue }
        if info.st_mode & S_IFMT == S_IFDIR {
            walk(root, path, into: &out)
        } else if info.st_mode & S_IFMT == S_IFREG {
            out.append(path)
        }
    }
}

/// The release, from `tzdata.zi`'s first line (`# version 2025b`) or a `+VERSION` file.
func release(of root: String) -> String {
    if let zi = readFile(root + "/tzdata.zi", limit: 1 << 22) {
        let first = String(decoding: zi.prefix { $0 != 0x0A }, as: UTF8.self)
        if first.hasPrefix("# version ") { return String(first.dropFirst("# version ".count)) }
    }
    if let v = readFile(root + "/+VERSION") {
        return String(decoding: v.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
    }
    return ""
}

var arguments = Array(CommandLine.arguments.dropFirst())
let none = arguments.first == "--none"
if none { arguments.removeFirst() }
guard arguments.count == 2 else { fail("usage: TZDataPacker [--none] ZONEINFO_DIR OUTPUT.swift") }
let root = arguments[0], output = arguments[1]
var paths = [String]()
if !none { walk(root, into: &paths) }
var zones: [TZif: [String]] = [:]
for path in paths.sorted() {
    guard (try? ZoneName.validate(path)) != nil, path != "localtime", let bytes = readFile(root + "/" + path),
        bytes.starts(with: Array("TZif".utf8))
    else { continue }
    do throws(TimeError) {
        zones[try TZif(bytes: bytes, zone: path), default: []].append(path)
    } catch {
        fail("\(root)/\(path): \(error.message)")
    }
}
guard zones.count > 0 || none else {
    fail("no tz database at \(root): install one (Debian: apt-get install tzdata) or point TZDIR at one")
}
let version = none ? "" : release(of: root)
let ordered = zones.map { (names: $0.value, tzif: $0.key) }.sorted { $0.names[0] < $1.names[0] }
let pack = TZifPack.encode(version: version, zones: ordered)

var text = """
    // Generated at build time by TZDataPacker from \(none ? "nothing (HABITFLOW_TZDATA_EMBED=none)" : root) (tz data \(version.isEmpty ? "of unknown release" : version)):
    // \(ordered.count) zones under \(ordered.reduce(0) { $0 + $1.names.count }) ids, \(pack.count) bytes. Do not edit.
    let embeddedTZPack: StaticString = \"\"\"

    """
var column = 0
for byte in pack {
    switch byte {
    case 0x0A: text += "\\n"
    case 0x22: text += "\\\""
    case 0x5C: text += "\\\\"
    case 0x20...0x7E: text.unicodeScalars.append(Unicode.Scalar(byte))
    default: text += "\\u{\(String(byte, radix: 16))}"
    }
    column += 1
    if column == 120 {
        text += "\\\n"
        column = 0
    }
}
text += "\n\"\"\"\n"
guard let file = fopen(output, "wb") else { fail("cannot write \(output)") }
fputs(text, file)
fclose(file)
