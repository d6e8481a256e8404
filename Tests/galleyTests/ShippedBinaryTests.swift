import Foundation
import Testing

/// The binary scripts/galley builds and scripts/test runs the end-to-end tests against, as it
/// ships: Swift's runtime and Foundation linked in (scripts/link-static), so it runs on a server
/// that has the blog's C libraries but no Swift.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["GALLEY_BINARY"] != nil,
                "needs the binary that ships (scripts/test sets GALLEY_BINARY to it)"))
struct ShippedBinaryTests {
    @Test func itNeedsNoSwiftLibraryBesideIt() throws {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [GalleyProcess.binary.path]
        let output = Pipe()
        ldd.standardOutput = output
        try ldd.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(ldd.terminationStatus == 0)
        #expect(text.contains("libgit2"), "ldd lists the libraries it loads")
        let swiftLibraries = text.split(separator: "\n").filter { $0.contains("libswift") || $0.contains("libFoundation") || $0.contains("libdispatch") }
        #expect(swiftLibraries.isEmpty, "it loads \(swiftLibraries)")
    }

    /// The shared generic helpers are `public` and `@inlinable` so that each module gets copies
    /// made for its own types: a `package` one is called generically from other modules, every
    /// element going through the runtime's metadata caches (an edit at 10,000 posts ran 14% more
    /// instructions so). The copies carry the caller's module in their names.
    @Test func theModulesHaveTheirOwnCopiesOfParallelMap() throws {
        let nm = Process()
        nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
        nm.arguments = ["--defined-only", GalleyProcess.binary.path]
        let output = Pipe()
        nm.standardOutput = output
        try nm.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        nm.waitUntilExit()
        #expect(nm.terminationStatus == 0)
        let copies = text.split(separator: "\n").filter { $0.contains("$s10FileSystem8ParallelO3map") }
        #expect(!copies.isEmpty, "nm lists Parallel.map")
        for module in ["12SiteCompiler", "11SiteContent"] {
            #expect(copies.contains { $0.contains(module) }, "no copy of Parallel.map made for \(module)'s types")
        }
    }
}
