import Diagnostics
import Foundation
import TestThreads
import Testing

@testable import Previews

/// What a child build hands the watcher: one line of JSON.
@Suite(.onBlockingPool) struct CommitBuildTests {
    @Test func anOutcomeCarriesTheWarningsAndTheirCount() throws {
        let warnings = [Diagnostic(path: "posts/a.md", line: 3, message: "the link '/x/' names a file this blog does not have (/x/)"),
                        Diagnostic(path: "posts/b", message: "not published")]
        let outcome = CommitBuild.Outcome(report: "2 posts", baseURL: "https://p.test/", warnings: warnings)
        let line = String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self)
        let read = try JSONDecoder().decode(CommitBuild.Outcome.self, from: Data(line.utf8)).deployReport
        #expect(read == DeployReport(summary: "2 posts", warnings: warnings))
        #expect(read.description == "2 posts; 2 warnings")
    }

    /// The watcher reads the child's output a line at a time, and breaks lines at NEL, LINE
    /// SEPARATOR and PARAGRAPH SEPARATOR too, which JSONEncoder writes as they are: a link
    /// holding one once failed a build that had succeeded.
    @Test func anOutcomeIsOneLineWhateverItsWarningsHold() throws {
        let odd = ["\u{2028}", "\u{2029}", "\u{85}", "\n", "\r", "\u{1B}[2J"].map { "the link '/a\($0)b/' names nothing" }
        let warnings = odd.map { Diagnostic(path: "posts/a\u{2028}b.md", line: 1, message: $0) }
        let line = try CommitBuild.Outcome(report: "1 post", baseURL: "https://p.test/", warnings: warnings).line
        #expect(!line.unicodeScalars.contains { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }, "\(line)")
        let read = try JSONDecoder().decode(CommitBuild.Outcome.self, from: Data(line.utf8)).deployReport
        #expect(read.warnings == warnings)
    }

    /// The watcher reads the outcome's line whole only up to 128 KiB: a blog whose thousand
    /// warnings each quote a long address (in control characters, six bytes each in JSON) still
    /// hands back a line it reads, with the first warnings, each cut short, and the count of all.
    @Test func manyLongWarningsStillFitTheLine() throws {
        let long = String(repeating: "\u{1}", count: 3000)
        let warnings = (0..<1000).map { Diagnostic(path: "posts/\($0).md", line: 1, message: "the link '\(long)' names nothing") }
        let line = try CommitBuild.Outcome(report: "1000 posts", baseURL: "https://p.test/", warnings: warnings).line
        #expect(line.utf8.count < 128 * 1024, "\(line.utf8.count) bytes")
        let report = try JSONDecoder().decode(CommitBuild.Outcome.self, from: Data(line.utf8)).deployReport
        #expect(report.warningCount == 1000)
        #expect(report.warnings.count >= 10 && report.untold == 1000 - report.warnings.count, "\(report.warnings.count)")
        #expect(report.warnings.first?.path == "posts/0.md" && report.warnings.first?.message.hasSuffix("…") == true)
    }

    /// A warning too long for the line is cut short, not left out with every one after it.
    @Test func oneHugeWarningLeavesRoomForTheOthers() throws {
        let warnings = [Diagnostic(path: "posts/a.md", line: 1, message: "the link '/" + String(repeating: "A", count: 200_000) + "/' names nothing"),
                        Diagnostic(path: "posts/a.md", line: 2, message: "the link '/small/' names nothing")]
        let line = try CommitBuild.Outcome(report: "1 post", baseURL: "https://p.test/", warnings: warnings).line
        let report = try JSONDecoder().decode(CommitBuild.Outcome.self, from: Data(line.utf8)).deployReport
        #expect(report.warnings.count == 2 && report.warnings[1] == warnings[1])
        #expect(report.warnings[0].message.count == 1001)
    }
}
