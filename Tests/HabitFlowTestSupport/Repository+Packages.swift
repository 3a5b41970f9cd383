import Foundation

extension Repository {
    /// Builds a package that depends on this one by path (`Examples/swift`,
    /// `Tests/Fixtures/CoreOnly`) as a host would, from nothing, in a new temporary folder; its
    /// exit status, its output and the folder of its products.
    ///
    /// Not in a build folder of the engine's own: where such a package builds, SwiftPM removes
    /// every dependency that package does not use (the server's, which then build again).
    public static func buildPackage(_ relative: String, label: String) throws -> (status: Int32, output: String, products: String) {
        let package = path(relative)
        let scratch = temporaryDirectory(label).path
        let built = try run("swift", ["build", "--package-path", package, "--scratch-path", scratch], timeout: 900)
        guard built.status == 0 else { return (built.status, built.stdout + built.stderr, "") }
        let bin = try run("swift", ["build", "--package-path", package, "--scratch-path", scratch, "--show-bin-path"])
        return (bin.status, bin.stdout + bin.stderr, bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
