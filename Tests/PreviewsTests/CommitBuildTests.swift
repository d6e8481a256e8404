import Diagnostics
import Foundation
import Testing

@testable import Previews

/// What a child build hands the watcher: one line of JSON.
@Suite struct CommitBuildTests {
    @Test func anOutcomeCarriesTheWarningsAndTheirCount() throws {
        let warnings = [Diagnostic(path: "posts/a.md", line: 3, message: "the link '/x/' names a file this blog does not have (/x/)"),
                        Diagnostic(path: "posts/b", message: "not published")]
        let outcome = CommitBuild.Outcome(report: "2 posts", baseURL: "https://p.test/", warnings: warnings)
        let line = String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self)
        let read = try JSONDecoder().decode(CommitBuild.Outcome.self, from: Data(line.utf8)).deployReport
        #expect(read == DeployReport(summary: "2 posts", warnings: warnings))
        #expect(read.description == "2 posts; 2 warnings")
    }

    /// The watcher reads the outcome's line whole only up to 128 KiB: a blog whose thousand
    /// warnings each quote a long address (in control characters, six bytes each in JSON) still
    /// hands back a line it reads, with the first warnings and the count of all.
    @Test func manyLongWarningsStillFitTheLine() throws {
        let long = String(repeating: "\u{1}", count: 3000)
        let warnings = (0..<1000).map { Diagnostic(path: "posts/\($0).md", line: 1, message: "the link '\(long)' names nothing") }
        let outcome = CommitBuild.Outcome(report: "1000 posts", baseURL: "https://p.test/", warnings: warnings)
        let line = try JSONEncoder().encode(outcome)
        #expect(line.count < 128 * 1024, "\(line.count) bytes")
        let report = try JSONDecoder().decode(CommitBuild.Outcome.self, from: line).deployReport
        #expect(report.warningCount == 1000)
        #expect(report.warnings.count == 5 && report.warnings.first == warnings.first)
        #expect(report.untold == 995)
    }
}
