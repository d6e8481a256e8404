import Foundation
import GitSource

/// Sets commit statuses through a forge's API over HTTP.
///
/// A forge that answers 5xx, or does not answer, is asked again, up to three times in all: a
/// status is worth a short wait, not a lost one. A 4xx is final, since asking again gets the
/// same answer.
package struct ForgeClient: Sendable {
    package let target: StatusTarget
    let token: StatusToken
    /// The waits before the second and later attempts; their count is the number of retries.
    package var retryDelays: [Duration]
    /// How long one request may take.
    package var timeout: TimeInterval = 30
    /// The curl that sends the requests: a path, or a name looked up on `PATH`.
    package var curl = "curl"

    package init(target: StatusTarget, token: StatusToken, retryDelays: [Duration] = [.seconds(1), .seconds(3)]) {
        self.target = target
        self.token = token
        self.retryDelays = retryDelays
    }

    /// Sets `status` on `commit`; `branch` tells GitLab which pipeline it belongs to. Throws a
    /// ``StatusError`` when the forge does not take it, or `CancellationError`.
    package func post(_ status: CommitStatus, commit: GitObjectID, branch: String? = nil) async throws {
        let forge = target.forge
        let url = URL(string: target.api.absoluteString + forge.statusPath(repository: target.repository, commit: commit))!
        var request = CurlPost(url: url, headers: [("Content-Type", "application/json"), ("User-Agent", "galley (commit statuses)")],
                               body: try JSONSerialization.data(withJSONObject: forge.body(for: status, branch: branch), options: [.sortedKeys]),
                               timeout: timeout, program: curl)
        request.headers += forge.authorization(token).map { ($0.name, $0.value) }

        var failure = StatusError(kind: .unreachable, forge: forge, request: "POST \(url.absoluteString)", reason: "",
                                  repository: target.repository, tokenFile: token.file)
        var redirects = 0
        for attempt in 1...(retryDelays.count + 1) {
            if attempt > 1 { try await Task.sleep(for: retryDelays[attempt - 2]) }
            failure.attempts = attempt
            do {
                var answer = try await request.send()
                while let next = Self.redirect(from: request.url, by: answer), redirects < 5 {
                    redirects += 1
                    request.url = next
                    answer = try await request.send()
                }
                let code = answer.status
                if (200..<300).contains(code) { return }
                failure.status = code
                failure.reason = token.redacting(Self.message(in: answer.body))
                if code >= 500 { failure.kind = .serverError; continue }
                if forge == .gitlab, code == 400, Self.isRepeat(of: status, by: forge, message: failure.reason) { return }
                failure.kind = switch code {
                case 401: .unauthorized
                case 403: .forbidden
                case 404: .notFound
                default: .refused
                }
                throw failure
            } catch let error as CurlPost.Failure {
                failure.kind = .unreachable
                failure.status = nil
                failure.reason = token.redacting(error.reason)
            } catch let error as ProgramError {
                failure.kind = .unreachable
                failure.status = nil
                failure.reason = token.redacting(error.description)
                // No curl: said once, with what to do, rather than tried again.
                guard error.notFound else { continue }
                failure.reason += " (commit statuses are sent by curl: install it, as Debian's curl package)"
                throw failure
            }
        }
        throw failure
    }

    /// Where a redirect that keeps the method and body (307, 308: GitHub's answer for a renamed
    /// repository) sends a request to `from`, when that is the same scheme, host and port: a
    /// request that carries a token must not be sent on to another server. Followed here
    /// rather than by curl, which would send the token wherever it was told.
    static func redirect(from: URL, by answer: CurlPost.Answer) -> URL? {
        guard [307, 308].contains(answer.status), let to = answer.location?.absoluteURL else { return nil }
        let same = from.scheme?.lowercased() == to.scheme?.lowercased() && from.host?.lowercased() == to.host?.lowercased() && from.port == to.port
        return same ? to : nil
    }

    /// Whether GitLab refused `status` only because the commit already has it: it will not move
    /// a status to the state it is in ("Cannot transition status via :run from :running"), as
    /// when the same commit is deployed again.
    static func isRepeat(of status: CommitStatus, by forge: Forge, message: String) -> Bool {
        message.contains("Cannot transition status") && message.contains("from :\(forge.word(for: status.state))")
    }

    /// What a forge's error body says: GitHub, Gitea and GitLab all put it in `message`
    /// (GitLab's is sometimes an object of fields), GitLab sometimes in `error`.
    static func message(in data: Data) -> String {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            for key in ["message", "error"] {
                if let text = object[key] as? String { return oneLine(text) }
                if let value = object[key], JSONSerialization.isValidJSONObject(value),
                   let json = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) {
                    return oneLine(String(decoding: json, as: UTF8.self))
                }
            }
        }
        return oneLine(String(decoding: data, as: UTF8.self))
    }

    private static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }
}
