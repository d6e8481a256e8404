import Failures
/// One problem found in a blog's sources, with the file and line it is about.
///
/// Printed as `path:line: message`, the form editors and CI logs turn into links.
package struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the blog's root (`posts/2019-10-08-hello.md`).
    package var path: String
    /// The 1-based line, when the problem has one.
    package var line: Int?
    /// What is wrong, phrased so the blogger knows what to change.
    package var message: String
    /// The 1-based column on `line`, when the problem has one, for a caret under it.
    package var column: Int?
    /// The lines around `line`, quoted from the file once the build knows the problem; not
    /// part of ``description``, whose one line tools parse.
    package var excerpt: SourceExcerpt?
    /// Other files of the blog that `message` names, relative to its root as `path` is: where
    /// the message says one, ``prefixed(by:)`` names it as it names `path`.
    package var mentions: [String] = []

    /// Creates a diagnostic.
    package init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }

    /// Where it is, `path:line`, as other messages name it.
    package var place: String { line.map { "\(path):\($0)" } ?? path }

    /// The same diagnostic with `prefix` joined in front of its path, for showing paths
    /// relative to where the user stands rather than to the blog's root.
    package func prefixed(by prefix: String) -> Diagnostic {
        guard !prefix.isEmpty, prefix != "." else { return self }
        var copy = self
        let folder = prefix.hasSuffix("/") ? prefix : prefix + "/"
        copy.path = folder + path
        for mention in Set(mentions) where !mention.isEmpty {
            copy.message = Self.replacing(mention, with: folder + mention, in: copy.message)
        }
        copy.mentions = mentions.map { folder + $0 }
        return copy
    }

    /// `text` with each `name` in it that stands as a name of its own replaced by `replacement`:
    /// an address such as `/posts/a.md` in the same message, or a longer name, is left alone.
    private static func replacing(_ name: String, with replacement: String, in text: String) -> String {
        var result = "", rest = text[...]
        while let found = rest.range(of: name) {
            let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)] : result.last
            let after = rest[found.upperBound...]
            result += rest[..<found.lowerBound]
            result += startsName(after: before) && endsName(before: after) ? replacement[...] : rest[found]
            rest = after
        }
        return result + rest
    }

    /// Whether a name may start after `character` (nil at the start of the text).
    private static func startsName(after character: Character?) -> Bool {
        character.map { " (\"'".contains($0) } ?? true
    }

    /// Whether a name ends where `rest` begins: no more of a path follows. A full stop with a
    /// space or nothing after it ends a sentence, not a name.
    private static func endsName(before rest: Substring) -> Bool {
        guard let next = rest.first else { return true }
        if next == "." { return rest.dropFirst().first.map { $0 == " " } ?? true }
        return !(next.isLetter || next.isNumber || "/-_~".contains(next))
    }
}

/// A build that stopped because of one or more problems in the sources; every problem found
/// is listed, not just the first.
package struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order of the files they are about.
    package var diagnostics: [Diagnostic]

    /// What the build found to warn of before it stopped, so that a user fixing the errors
    /// hears of the rest at once.
    package var warnings: [Diagnostic] = []

    /// Creates a failure from its diagnostics.
    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Collects diagnostics while a build goes on, so that one bad post does not hide the next.
package struct DiagnosticLog: Sendable {
    package init() {}

    package private(set) var diagnostics: [Diagnostic] = []
    /// What is worth saying but does not stop a build.
    package private(set) var warnings: [Diagnostic] = []

    /// Whether nothing stops the build: warnings do not count.
    package var isEmpty: Bool { diagnostics.isEmpty }

    package mutating func warn(_ diagnostic: Diagnostic) {
        warnings.append(diagnostic)
    }

    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func report(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Every collected diagnostic, sorted by file and line.
    package var failure: BuildFailure {
        BuildFailure(diagnostics.sorted { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) })
    }

    /// Throws every collected diagnostic, if there are any, with the build's `warnings` so far.
    package func check(warnings: @autoclosure () -> [Diagnostic] = []) throws(BuildFailure) {
        guard diagnostics.isEmpty else {
            var failure = failure
            failure.warnings = warnings()
            throw failure
        }
    }
}

package extension Diagnostic {
    /// `diagnostics` with each message said once, at its first place, and how many other
    /// places say it: a blog whose every post reads the same missing setting hears it once.
    static func grouped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var first: [String: Int] = [:]
        var grouped: [(diagnostic: Diagnostic, more: Int, shown: [String])] = []
        for diagnostic in diagnostics.sorted(by: { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }) {
            if let index = first[diagnostic.message] {
                grouped[index].more += 1
                let place = diagnostic.place
                if grouped[index].shown.count < 2, place != grouped[index].diagnostic.place, !grouped[index].shown.contains(place) {
                    grouped[index].shown.append(place)
                }
            } else {
                first[diagnostic.message] = grouped.count
                grouped.append((diagnostic, 0, []))
            }
        }
        // The first place leads the message; the next two follow it, so three are named.
        return grouped.map { diagnostic, more, shown in
            guard more > 0 else { return diagnostic }
            var said = diagnostic
            let named = shown.isEmpty ? "" : ": " + shown.joined(separator: ", ") + (more > shown.count ? ", …" : "")
            said.message += " (and \(more) other place\(more == 1 ? "" : "s")\(named))"
            return said
        }
    }
}

/// An error made of diagnostics, a line each: one is said at its file and line, several as
/// their lines.
package protocol DiagnosedError: GalleyError {
    var diagnostics: [Diagnostic] { get }
}

extension DiagnosedError {
    /// The one problem's file and line; nil when there are more.
    package var place: ErrorPlace? {
        diagnostics.count == 1 ? diagnostics.first.map { ErrorPlace($0.path, line: $0.line) } : nil
    }
    package var message: String { diagnostics.count == 1 ? diagnostics[0].message : description }
}

extension BuildFailure: DiagnosedError {
    package var category: FailureCategory { .blogHasErrors }
}
