#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How wide output may be: `COLUMNS` when set (a positive number; also in a pipe, where a
/// script asks for a width), else the terminal's width when standard output is one, else
/// `nil`. Help wraps at 80 then; the CLI's views print whole lines.
public enum TerminalColumns {
    public static var current: Int? {
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        #if canImport(Darwin)
        let request = TIOCGWINSZ
        #else
        let request = UInt(TIOCGWINSZ)
        #endif
        guard isatty(1) == 1, ioctl(1, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
