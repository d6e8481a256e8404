import Foundation
import TestThreads
import Testing

/// Runs `tidy` (tidy-html5) over every page of a built site and keeps what says a page is broken.
enum TidyCheck {
    /// Warnings that mean the page's tree is not what its markup says, or that a browser has to
    /// guess: a missing or stray end tag, an id given twice, a bare `&`, a broken attribute.
    /// The rest of tidy's warnings are about style and accessibility (an empty `<p>` it would
    /// trim, an `<img>` without `alt`, HTML4's `align`) and come from what authors wrote.
    static let brokenMarkup: Set<String> = [
        "ANCHOR_NOT_UNIQUE", "DISCARDING_UNEXPECTED", "ELEMENT_NOT_EMPTY", "INSERTING_TAG", "MALFORMED_COMMENT",
        "MISSING_ENDTAG_BEFORE", "MISSING_ENDTAG_FOR", "MISSING_QUOTEMARK", "MISSING_SEMICOLON", "MISSING_STARTTAG",
        "MISSING_TITLE_ELEMENT", "NON_MATCHING_ENDTAG", "REPEATED_ATTRIBUTE", "UNESCAPED_AMPERSAND", "UNEXPECTED_ENDTAG",
        "UNEXPECTED_END_OF_FILE", "UNEXPECTED_QUOTEMARK", "UNKNOWN_ENTITY", "CONTENT_AFTER_BODY", "DOCTYPE_AFTER_TAGS",
    ]

    /// tidy's error lines and broken-markup warnings, as `page:line:column: message`, for the
    /// `pages` (paths relative to `output`). Many pages go to one tidy process.
    static func problems(in output: URL, pages: [String]) throws -> [String] {
        var problems: [String] = []
        for chunk in stride(from: 0, to: pages.count, by: 200).map({ Array(pages[$0..<min($0 + 200, pages.count)]) }) {
            let lines = try run(chunk, in: output)
            problems += lines.filter { line in
                if line.contains(": Error: ") { return true }
                guard line.contains(": Warning: "), line.hasSuffix(")"), let open = line.lastIndex(of: "(") else { return false }
                return brokenMarkup.contains(String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
            }
        }
        return problems
    }

    /// What tidy says of `pages`, one message a line, each as `file:line:column: Kind: text (KEY)`.
    private static func run(_ pages: [String], in folder: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        // -e: report only; --gnu-emacs names the file in each message; --mute-id names the message.
        process.arguments = ["tidy", "-q", "-e", "--gnu-emacs", "yes", "--mute-id", "yes"] + pages
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitWithoutSpinning()
        // 0: clean, 1: warnings, 2: errors; anything else is tidy itself failing (or missing).
        try #require(process.terminationStatus <= 2, "tidy failed (scripts/test installs Debian's tidy): \(String(decoding: data, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
