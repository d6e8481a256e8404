import Diagnostics
import SiteCompiler

/// How the warnings of a build differ from those of the last good one, for the terminal: the
/// ones not said before, and how many of those said before are gone.
struct WarningChanges: Equatable {
    /// The warnings the earlier build did not have, in the build's order.
    var new: [Diagnostic]
    /// How many of the earlier build's warnings this one no longer has.
    var gone: Int

    /// Warnings are the same when they say the same thing at the same place: the lines quoted
    /// around one change with any edit of its file, and are no new warning.
    init(from earlier: [Diagnostic], to now: [Diagnostic]) {
        let said = Set(earlier.map(\.description)), saying = Set(now.map(\.description))
        new = now.filter { !said.contains($0.description) }
        gone = earlier.filter { !saying.contains($0.description) }.count
    }

    /// `3 earlier warnings are gone`, or nil when none is.
    var goneLine: String? {
        switch gone {
        case 0: nil
        case 1: "1 earlier warning is gone"
        default: "\(gone) earlier warnings are gone"
        }
    }
}
