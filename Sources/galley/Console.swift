import Blocking
import Diagnostics
import FileSystem
import Foundation
import SiteCompiler
import SiteContent
import Text

/// Writes to the terminal. Every command says a problem one way: an error as
/// `error: FILE:LINE: message` (``report(_:)``), a warning as `warning: FILE:LINE: message`
/// (``warn(_:)``), so that editors and CI logs can link them.
enum Console {
    /// Writes `line` to standard error, with control characters shown rather than sent.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((printable(line) + "\n").utf8))
    }

    /// Writes a line to standard output at once, unbuffered, for a program that reads it as it
    /// comes (a test waiting for `galley serve`'s address).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((printable(line) + "\n").utf8))
    }

    /// `line` with its control characters written out (``PrintableText``).
    static func printable(_ line: String) -> String {
        PrintableText.of(line)
    }

    /// Writes each of `diagnostics` as an error, each followed by the lines it is about.
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            error("error: " + oneLine(diagnostic))
            quote(diagnostic)
        }
    }

    /// Writes an error that is about no one file: `error: message`.
    static func report(_ message: String) {
        error("error: \(message)")
    }

    /// Writes `diagnostic` as a warning.
    static func warn(_ diagnostic: Diagnostic) {
        error("warning: " + oneLine(diagnostic))
        quote(diagnostic)
    }

    /// The line tools read: a line break in a path or a message (a link's address holds what
    /// its author put there) is written out, or the rest would read as a line of its own.
    private static func oneLine(_ diagnostic: Diagnostic) -> String {
        PrintableText.of(diagnostic.description, keepingLines: false)
    }

    /// Writes the lines `diagnostic` is about, under its first line: tools read that first line
    /// alone, a reader the lines below.
    private static func quote(_ diagnostic: Diagnostic) {
        guard let excerpt = diagnostic.excerpt else { return }
        error(excerpt.text)
    }

    /// A file system error from Foundation as a user reads it: the path, then the reason.
    static func describe(_ error: NSError) -> String {
        guard let error = FileSystemError(foundation: error) else { return error.localizedDescription }
        return error.path.isEmpty ? error.message : error.description
    }
}

/// Shows how far a long build has got, on one line that rewrites itself, and only on a terminal
/// and only once the build has run long enough for a reader to wonder.
final class TerminalProgress: Sendable {
    private let start = ContinuousClock.now
    /// Whether a progress line is on the screen; held while one is written.
    private let shown = Locked(false)

    init?() {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
    }

    var report: BuildProgress {
        { [self] done, total in
            guard ContinuousClock.now - start > .milliseconds(500) else { return }
            shown.withLock { shown in
                shown = true
                FileHandle.standardError.write(Data("\r\u{1B}[KRendering \(done)/\(total) pages".utf8))
            }
        }
    }

    func finish() {
        shown.withLock { shown in
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            shown = false
        }
    }
}
