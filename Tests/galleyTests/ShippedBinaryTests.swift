import Foundation
import TestThreads
import Testing

/// The binary scripts/galley builds and scripts/test runs the end-to-end tests against, as it
/// ships: Swift's runtime and Foundation linked in (scripts/link-static), so it runs on a server
/// that has the blog's C libraries but no Swift.
@Suite(.onBlockingPool, .enabled(if: ProcessInfo.processInfo.environment["GALLEY_BINARY"] != nil,
                "needs the binary that ships (scripts/test sets GALLEY_BINARY to it)"))
struct ShippedBinaryTests {
    @Test func itNeedsNoSwiftLibraryBesideIt() throws {
        let (status, text) = try Self.output(of: "/usr/bin/ldd", [GalleyProcess.binary.path])
        #expect(status == 0)
        #expect(text.contains("libgit2"), "ldd lists the libraries it loads")
        let swiftLibraries = text.split(separator: "\n").filter { $0.contains("libswift") || $0.contains("libFoundation") || $0.contains("libdispatch") }
        #expect(swiftLibraries.isEmpty, "it loads \(swiftLibraries)")
        // Commit statuses go through the curl program: libcurl, and the twenty libraries it
        // loads at every start, came with Foundation's URLSession.
        #expect(!text.contains("libcurl"), "it loads libcurl")
    }

    /// Its own symbols stay inside it (scripts/link-static): exported, the loader read the table
    /// of 42,000 of them at every start, and the runtime's `dladdr` walked it.
    @Test func itExportsNoneOfItsOwnSymbols() throws {
        let (status, text) = try Self.output(of: "/usr/bin/nm", ["--dynamic", "--defined-only", GalleyProcess.binary.path])
        #expect(status == 0)
        let (allStatus, all) = try Self.output(of: "/usr/bin/nm", ["--defined-only", GalleyProcess.binary.path])
        #expect(allStatus == 0)
        #expect(all.contains("$s6galley"), "nm lists the binary's own symbols")
        let exported = text.split(separator: "\n").filter { $0.contains("$s") }
        #expect(exported.isEmpty, "it exports \(exported.count) Swift symbols, such as \(exported.prefix(3))")
    }

    /// The shared generic helpers are `public` and `@inlinable` so that each module gets copies
    /// made for its own types: a `package` one is called generically from other modules, every
    /// element going through the runtime's metadata caches (an edit at 10,000 posts ran 14% more
    /// instructions so). The copies carry the caller's module in their names.
    @Test func theModulesHaveTheirOwnCopiesOfParallelMap() throws {
        let (status, text) = try Self.output(of: "/usr/bin/nm", ["--defined-only", GalleyProcess.binary.path])
        #expect(status == 0)
        let copies = text.split(separator: "\n").filter { $0.contains("$s10FileSystem8ParallelO3map") }
        #expect(!copies.isEmpty, "nm lists Parallel.map")
        for module in ["12SiteCompiler", "11SiteContent"] {
            #expect(copies.contains { $0.contains(module) }, "no copy of Parallel.map made for \(module)'s types")
        }
    }

    /// What `program` prints, and its exit status.
    static func output(of program: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitWithoutSpinning()
        return (process.terminationStatus, text)
    }
}
