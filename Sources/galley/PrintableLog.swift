import Foundation
import Logging
import Text

/// Standard error for the log lines of `host`, `watch` and `serve`, each written with its control
/// characters spelled out (``PrintableText``): a log line quotes what strangers send (a `Host`
/// header, a pushed branch's name), and a C1 character such as U+009B, which HTTP lets through
/// in a header and git in a branch name, starts an escape sequence in the terminal reading it.
/// One line per entry: a line break inside a message is written out too.
struct PrintableLog: TextOutputStream, Sendable {
    /// Makes every logger of the process write through it.
    static func bootstrap() {
        LoggingSystem.bootstrap { label in StreamLogHandler(label: label, stream: PrintableLog()) }
    }

    mutating func write(_ string: String) {
        var line = Substring(string)
        if line.last == "\n" { line = line.dropLast() }
        FileHandle.standardError.write(Data((PrintableText.of(String(line), keepingLines: false) + "\n").utf8))
    }
}
