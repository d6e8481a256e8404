import SiteCompiler
import Testing

import Diagnostics
@testable import Serving

@Suite struct WarningChangesTests {
    let a = Diagnostic(path: "galley.yml", line: 3, message: "a")
    let b = Diagnostic(path: "galley.yml", line: 4, message: "b")
    let c = Diagnostic(path: "posts/x.md", line: 1, message: "c")

    @Test func theFirstBuildsWarningsAreAllNew() {
        let changes = WarningChanges(from: [], to: [a, b])
        #expect(changes.new == [a, b] && changes.gone == 0 && changes.goneLine == nil)
    }

    @Test func aRebuildSaysOnlyTheNewOnesAndCountsTheGone() {
        let changes = WarningChanges(from: [a, b], to: [b, c])
        #expect(changes.new == [c])
        #expect(changes.goneLine == "1 earlier warning is gone")
        #expect(WarningChanges(from: [a, b], to: []).goneLine == "2 earlier warnings are gone")
        #expect(WarningChanges(from: [a, b], to: [a, b]) == WarningChanges(from: [], to: []))
    }

    /// The same message at another line is another warning: the line is where to look.
    @Test func aWarningThatMovedIsNewAndItsOldPlaceGone() {
        let moved = Diagnostic(path: "galley.yml", line: 5, message: "a")
        let changes = WarningChanges(from: [a], to: [moved])
        #expect(changes.new == [moved] && changes.gone == 1)
    }
}
