import Foundation

/// What an import did: how much it carried, and the notes (left behind, worth a check).
package struct ImportReport: Sendable, CustomStringConvertible {
    /// The generator the site was read as.
    package var generator: GeneratorKind
    /// The blog folder written.
    package var destination: String
    package var posts: Int
    package var pages: Int
    /// Static files, and the files beside posts and pages.
    package var files: Int
    package var drafts: Int
    package var notes: [ImportNote]

    /// The report as printed: a summary line, then what was not carried over and what to check.
    package var description: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var counts = [plural(posts, "post"), plural(pages, "page"), plural(files, "other file")]
        if drafts > 0 { counts.append(plural(drafts, "draft")) }
        var lines = ["Imported a \(generator.name) site into \(destination): \(counts.joined(separator: ", "))."]
        let headings: [(ImportNote.Kind, String)] = [
            (.refused, "The first build will stop at these; mend them first:"), (.notCarried, "Not carried over:"), (.check, "To check:"),
        ]
        for (kind, heading) in headings {
            let chosen = notes.filter { $0.kind == kind }
            guard !chosen.isEmpty else { continue }
            lines.append(heading)
            lines += chosen.map { "  \($0)" }
        }
        lines.append("Build it with: galley build \(Self.shellWord(destination))")
        return lines.joined(separator: "\n")
    }

    /// `word` as a shell reads it back: as it is when it is plain, else in single quotes.
    package static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:@%".unicodeScalars.contains($0))
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
