import Foundation

/// Where a deploy stands among the deploys of one site, which decides whether it may replace the
/// one that is live. The rule is that the newest *push* wins, not the newest commit.
///
/// History cannot tell a late job from a deliberate one: a branch reset to an older commit and
/// force-pushed is a new push of an old commit, and must go live, while the job of an earlier
/// push that finishes after the job of a later one must not. So deploys are ordered as their
/// pushes were, as well as Galley can know it:
///
/// - Two deploys made by runs of the same CI pipeline compare the runs' numbers, which the CI
///   hands out as pushes arrive, whatever order the jobs then reach their deploy step in.
/// - Otherwise the deploy that began later is the newer. Each deploy takes a ticket from the
///   destination, under its lock, before it builds; tickets only ever grow, so they order
///   deploys even from machines whose clocks disagree.
///
/// ``GoLiveRule`` applies it, with the one check that needs the branch itself: a build whose
/// branch has moved on since is never put live.
package struct DeployOrder: Codable, Sendable, Equatable {
    /// The destination's ticket: a UTC time to the millisecond, `20261123T101500.123Z`, later
    /// than every ticket handed out before it there. Release folders are named after it.
    package var ticket: String
    /// The CI run that made the deploy, when there was one.
    package var run: CIRun?

    package init(ticket: String, run: CIRun? = nil) {
        self.ticket = ticket
        self.run = run
    }

    /// Whether this deploy must not be replaced by `other`, which finished after it.
    package func isNewer(than other: DeployOrder) -> Bool {
        if let run, let otherRun = other.run, run.series == otherRun.series, run.number != otherRun.number {
            return run.number > otherRun.number
        }
        return ticket > other.ticket
    }

    /// The next ticket: now, or a millisecond after `last` when the clock is behind it.
    static func ticket(after last: String?, now: Date = Date()) -> String {
        var next = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        if let last, let previous = milliseconds(of: last), previous >= next { next = previous + 1 }
        return stamp(next)
    }

    private static func stamp(_ milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: TimeInterval(milliseconds / 1000))
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd'T'HHmmss"
        return format.string(from: date) + String(format: ".%03dZ", Int(milliseconds % 1000))
    }

    private static func milliseconds(of ticket: String) -> Int64? {
        guard ticket.count >= 20 else { return nil }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyyMMdd'T'HHmmss"
        guard let seconds = format.date(from: String(ticket.prefix(15))), let fraction = Int64(ticket.dropFirst(16).prefix(3)) else { return nil }
        return Int64(seconds.timeIntervalSince1970) * 1000 + fraction
    }
}

/// A numbered run of a CI pipeline, such as GitHub Actions' run 57 of the workflow "Preview".
package struct CIRun: Codable, Sendable, Equatable, CustomStringConvertible {
    /// What the numbers count within: the variable, and the pipeline it belongs to.
    package var series: String
    package var number: Int

    package init(series: String, number: Int) {
        self.series = series
        self.number = number
    }

    package var description: String { "run \(number) of \(series)" }
}
