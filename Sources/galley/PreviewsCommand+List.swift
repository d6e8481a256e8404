import ArgumentParser
import Foundation
import Previews
import Text

extension Galley.PreviewsCommand {
    /// `galley previews list [--to DEST] [--json]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the previews at a destination, production first.",
            discussion: """
                For each site: its label, branch, the commit on show and its subject, when it went live, how its \
                last build went (live, failed with the first line of the error, or set aside after a crash), the \
                disk it takes that is its own (files shared with production or other releases are not counted) \
                and its address. --releases adds every kept release with its own address.
                """
        )

        @OptionGroup var target: PreviewsTarget

        @Flag(help: "Print JSON, for scripts.")
        var json = false

        @Flag(help: "List each kept release and its own address too.")
        var releases = false

        @Flag(name: .customLong("no-sizes"), help: "Leave out sizes, which read every file's inode (slow over ssh with many previews).")
        var noSizes = false

        func run() async throws {
            let catalog = try await target.catalog()
            let listing = try await Galley.PreviewsCommand.reporting {
                try await catalog.listing(sizes: !noSizes)
            }
            await catalog.disconnect()
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(listing.sites), as: UTF8.self))
                return
            }
            print(PreviewTable(listing: listing, releases: releases).text, terminator: "")
        }
    }

    /// Runs `body`, printing a ``DeployError`` as an error and exiting with its status (5 for
    /// the destination's).
    static func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DeployError {
            Console.error("error: \(error)")
            throw ExitCode.galley(for: error)
        }
    }
}

/// A listing as a table for people: one line a site, its error or releases indented below.
struct PreviewTable {
    var listing: PreviewListing
    var releases: Bool

    var text: String {
        guard !listing.sites.isEmpty else { return "No previews yet.\n" }
        let header = ["SITE", "BRANCH", "COMMIT", "LIVE SINCE", "STATUS", "SIZE", "ADDRESS"]
        var rows: [[String]] = [header]
        var notes: [Int: [String]] = [:]
        for site in listing.sites {
            let commit = site.commit.map { String($0.prefix(7)) + (site.subject.map { " " + Self.cut($0, 36) } ?? "") } ?? "-"
            rows.append([site.label ?? "(production)", site.branch, commit, site.deployed.map(Self.shown) ?? "never",
                         site.status.rawValue, site.ownBytes.map { $0.readableBytes } ?? "-", site.live ? site.url ?? "-" : "-"])
            var lines: [String] = []
            if let error = site.error {
                let at = site.failedCommit.map { " at \($0.prefix(7))" } ?? ""
                lines.append("failed\(at): \(error)" + (site.live ? " (the last good build is still up)" : ""))
            }
            if site.warnings > 0, site.live {
                let page = site.production ? "" : site.url.map { ": \($0)_galley/changes/ lists them" } ?? ""
                lines.append("\(DeployReport.warnings(site.warnings)) in the build on show\(page)")
            }
            if releases {
                for release in site.releases.reversed() {
                    let commit = release.commit.map { String($0.prefix(7)) } ?? "-"
                    // A commit deployed again has its address on the later release.
                    let again = site.label != nil && release.url == nil && release.commit != nil ? " (deployed again later: its address shows that)" : ""
                    lines.append("release \(release.id)\(release.live ? " (live)" : ""): \(commit)" + (release.url.map { " " + $0 } ?? again))
                }
            }
            notes[rows.count - 1] = lines
        }
        // Subjects and error lines come from branches: no control character of theirs reaches
        // the operator's terminal.
        rows = rows.map { $0.map(Self.printable) }
        notes = notes.mapValues { $0.map(Self.printable) }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
            text += cells.joined(separator: "  ") + "\n"
            for line in notes[index] ?? [] { text += "    " + line + "\n" }
        }
        return text
    }

    /// `text` with control characters (C0, DEL, C1) shown as `?`.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        PrintableText.isHidden(scalar)
    }

    static func cut(_ text: String, _ length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }

    /// `2026-11-26T19:40:09Z` as `2026-11-26 19:40`.
    static func shown(_ iso: String) -> String {
        guard iso.count >= 16 else { return iso }
        return iso.prefix(10) + " " + iso.dropFirst(11).prefix(5)
    }
}
