import Foundation

extension Repository {
    /// One at a time (HostPackageTests runs them in turn), in one folder for the test process:
    /// the second package reuses the engine modules the first compiled.
    private static let packages = (lock: NSLock(), scratch: temporaryDirectory("packages").path)

    /// Builds a package that depends on this one by path (`Examples/swift`,
    /// `Tests/Fixtures/CoreOnly`) as a host would, in a temporary folder that only such
    /// packages use; its exit status, its output and the folder of its products.
    ///
    /// Not in a build folder of the engine's own: where such a package builds, SwiftPM removes
    /// every dependency that package does not use (the server's, which then build again).
    public static func buildPackage(_ relative: String, label: String) throws -> (status: Int32, output: String, products: String) {
        packages.lock.lock()
        defer { packages.lock.unlock() }
        let package = path(relative)
        let scratch = packages.scratch
        // The plan SwiftPM kept is the other package's: planned anew, or it finds no product.
        try? FileManager.default.removeItem(atPath: scratch + "/debug.yaml")
        let built = try run("swift", ["build", "--package-path", package, "--scratch-path", scratch], timeout: 900)
        guard built.status == 0 else { return (built.status, "\(label): " + built.stdout + built.stderr, "") }
        let bin = try run("swift", ["build", "--package-path", package, "--scratch-path", scratch, "--show-bin-path"])
        return (bin.status, bin.stdout + bin.stderr, bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
