import Foundation

/// One HTTP POST made by the `curl` program, for the commit statuses: a forge's API is HTTPS,
/// and curl brings TLS, proxies (`https_proxy`) and the system's certificates with it, where
/// linking Foundation's URLSession brought libcurl and some twenty libraries behind it into
/// every start of `galley`, a build's included (4 ms of each).
///
/// Everything curl is told goes in as a config on its standard input, never as an argument: the
/// token is in a header, and arguments are there for anyone on the machine to read in `ps`.
/// curl follows no redirect and reads no `~/.curlrc`.
struct CurlPost: Sendable {
    var url: URL
    /// Each header's name and value, sent as `Name: value`.
    var headers: [(name: String, value: String)]
    var body: Data
    /// How long the whole request may take.
    var timeout: TimeInterval
    /// The curl to run: a path, or a name looked up on `PATH`.
    var program = "curl"

    /// What the server said.
    struct Answer: Sendable {
        /// The HTTP status.
        var status: Int
        var body: Data
        /// The address a redirect points at (its `Location`, made absolute), if it is one.
        var location: URL?
    }

    /// The request could not be made or had no answer (no such host, no connection, a
    /// timeout, a TLS failure), in curl's words.
    struct Failure: Error, Sendable {
        var reason: String
    }

    /// Sends the request. Throws ``Failure`` when there is no answer, `CancellationError` when
    /// the task is cancelled (curl is stopped), and `ProgramError` when curl cannot be run.
    func send() async throws -> Answer {
        let curl = Program([program, "--disable", "--config", "-"], outputLimit: Self.outputLimit)
        let result: Program.Result
        do {
            result = try await curl.run(input: Data(config.utf8), whenCancelled: .stop)
        } catch let error as ProgramError where error.tooMuchOutput {
            throw Failure(reason: "the answer was longer than \(Self.outputLimit >> 20) MiB, more than any forge says to a status")
        }
        guard result.status == 0 else {
            // Its own message, not the advice to read its help that follows some of them.
            let said = result.errorText.split(whereSeparator: \.isNewline).last { !$0.hasPrefix("curl: try ") }.map(String.init) ?? ""
            throw Failure(reason: said.isEmpty ? "curl ended with status \(result.status)" : said)
        }
        guard let answer = Self.answer(in: result.output) else {
            throw Failure(reason: "curl's output did not end with the status line Galley asked for")
        }
        return answer
    }

    /// More than any forge says in answer to a status.
    static let outputLimit = 4 << 20

    /// The config curl reads (see curl's `--config`): one option a line, values quoted.
    var config: String {
        var lines = [
            // An address is one address: `{}` and `[]` in it are never curl's patterns.
            "silent", "show-error", "globoff",
            "proto = \(Self.quoted("=http,https"))",
            "max-time = \(Self.quoted(String(max(1, Int(timeout.rounded(.up))))))",
            "request = \(Self.quoted("POST"))",
            "url = \(Self.quoted(url.absoluteString))",
        ]
        lines += headers.map { "header = \(Self.quoted("\($0.name): \($0.value)"))" }
        // Sent at once, whatever its size: no waiting on `Expect: 100-continue`.
        lines.append("header = \(Self.quoted("Expect:"))")
        lines.append("data-raw = \(Self.quoted(String(decoding: body, as: UTF8.self)))")
        // After the body, on lines of their own: the status, and where a redirect points.
        lines.append("write-out = \(Self.quoted("\n\(Self.marker)%{http_code} %{redirect_url}\n"))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Starts the line curl writes after the body, so that a body of any shape is told from it.
    static let marker = "galley-curl-status:"

    /// A value as curl's config reads it: in double quotes, with `\` before a backslash or a
    /// quote, and line breaks and tabs written as escapes.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value.unicodeScalars {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default: text.unicodeScalars.append(character)
            }
        }
        return text + "\""
    }

    /// The answer in what curl printed: the body, then the line `write-out` adds.
    static func answer(in output: Data) -> Answer? {
        let marker = Data("\n\(Self.marker)".utf8)
        guard let range = output.range(of: marker, options: .backwards) else { return nil }
        let line = String(decoding: output[range.upperBound...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = line.split(separator: " ", maxSplits: 1)
        guard let first = parts.first, let status = Int(first) else { return nil }
        let location = parts.count > 1 ? URL(string: String(parts[1])) : nil
        return Answer(status: status, body: Data(output[..<range.lowerBound]), location: location)
    }
}
