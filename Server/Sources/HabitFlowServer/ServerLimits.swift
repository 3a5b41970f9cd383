#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the operating system allows the server.
public enum ServerLimits {
    /// Files the server keeps for itself beyond client and database connections (logs,
    /// listening sockets, the database's listener, event loops' own descriptors).
    static let ownFiles = 64

    /// The most client connections the process's file limit leaves room for, with
    /// `databaseConnections` open to the database.
    public static func connectionLimit(databaseConnections: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < 1 << 31 else { return 65_536 }
        return Int(limit.rlim_cur) - databaseConnections - 1 - ownFiles
    }
}
