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
}
