import Digests
import FileSystem
import Foundation

/// A forge's push webhook as Galley reads it: which forge sent it (by its headers), whether it
/// is signed with the shared secret, and which branch it is about.
///
/// An event is only ever a nudge: the watcher fetches and compares the branches itself, so a
/// forged, replayed or lost event can never put the wrong commit live. The signature check keeps
/// strangers from making the watcher fetch and build whenever they like.
package struct PushWebhook: Sendable {
    /// The shared secret, as the forge's webhook settings hold it.
    let secret: [UInt8]

    /// The largest body accepted; GitHub sends at most 25 MB.
    package static let largestBody = 25 << 20

    /// A webhook checked with `secret`, which must not be empty.
    package init(secret: [UInt8]) throws {
        guard !secret.isEmpty else { throw DeployError("the webhook secret is empty") }
        self.secret = secret
    }

    /// The secret kept in `path`, without the line break an editor leaves at its end.
    package init(secretFile path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            // Said why, as the system says it: missing, a folder, or not readable by this user.
            var info = stat()
            let why = stat(path, &info) != 0 ? FileSystemError.explain(errno)
                : info.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : FileSystemError.explain(access(path, R_OK) == 0 ? EIO : EACCES)
            throw DeployError("cannot read the webhook secret file \(path): \(why)")
        }
        var bytes = [UInt8](data)
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else { throw DeployError("the webhook secret file \(path) is empty") }
        try self.init(secret: bytes)
    }

    /// The forges whose push events Galley reads.
    package enum Forge: String, Sendable {
        case github = "GitHub", gitea = "Gitea", forgejo = "Forgejo", gitlab = "GitLab"
    }

    /// What to do with one request.
    package enum Verdict: Sendable, Equatable {
        /// A signed push: look at the branches now. `branch` is nil for a push of a tag.
        case push(forge: Forge, branch: String?, deleted: Bool)
        /// A signed event that is not a push (a ping, an issue comment): nothing to do.
        case ignored(forge: Forge, event: String)
        /// No signature, or a wrong one: nothing is done, and the sender is told 401.
        case unauthorized(String)
        /// Signed, but not a push event Galley can read.
        case malformed(String)
    }

    /// The verdict on a request whose `headers` alone settle it, before its body is read: one
    /// without any signature, or with a GitLab token that does not match (a token signs no
    /// body). Nil when the body must be read: a stranger's request costs no memory.
    package func verdict(headers: [String: String]) -> Verdict? {
        settled(byLowercased: Self.lowercased(headers))
    }

    private func settled(byLowercased headers: [String: String]) -> Verdict? {
        if headers["x-forgejo-signature"] != nil || headers["x-gitea-signature"] != nil || headers["x-hub-signature-256"] != nil { return nil }
        if let token = headers["x-gitlab-token"] {
            return Self.constantTimeEqual(Array(token.utf8), secret) ? nil : .unauthorized("the GitLab token does not match")
        }
        return .unauthorized("no signature (X-Hub-Signature-256, X-Gitea-Signature, X-Forgejo-Signature or X-Gitlab-Token)")
    }

    private static func lowercased(_ headers: [String: String]) -> [String: String] {
        Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads a request's `headers` (names in any case) and raw `body`.
    package func verdict(headers: [String: String], body: [UInt8]) -> Verdict {
        let headers = Self.lowercased(headers)
        if let settled = settled(byLowercased: headers) { return settled }
        let forge: Forge, event: String?
        // Gitea and Forgejo also send GitHub's headers, so they are looked for first.
        if let signature = headers["x-forgejo-signature"] ?? headers["x-gitea-signature"] {
            forge = headers["x-forgejo-signature"] != nil ? .forgejo : .gitea
            guard verifies(hexHMAC: signature, of: body) else { return .unauthorized("the \(forge.rawValue) signature does not match") }
            event = headers["x-forgejo-event"] ?? headers["x-gitea-event"]
        } else if let signature = headers["x-hub-signature-256"] {
            forge = .github
            guard signature.hasPrefix("sha256="), verifies(hexHMAC: String(signature.dropFirst(7)), of: body) else {
                return .unauthorized("the GitHub signature does not match")
            }
            event = headers["x-github-event"]
        } else {
            // GitLab's, whose token the headers settled.
            forge = .gitlab
            event = headers["x-gitlab-event"].map { $0 == "Push Hook" ? "push" : $0 }
        }
        guard let event, event == "push" else { return .ignored(forge: forge, event: event ?? "unnamed") }
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            // GitHub sends a form (`payload=…`) unless its webhook is set to JSON.
            let form = headers["content-type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true
            return .malformed("a \(forge.rawValue) push event whose body is not a JSON object Galley can read ("
                + (form ? "it is a form: set the webhook's content type to application/json" : "nested too deep, or not JSON") + ")")
        }
        guard let ref = object["ref"] as? String else { return .malformed("a \(forge.rawValue) push event without a ref") }
        let branch = ref.hasPrefix("refs/heads/") ? String(ref.dropFirst("refs/heads/".count)) : nil
        let after = object["after"] as? String ?? ""
        return .push(forge: forge, branch: branch, deleted: !after.isEmpty && after.allSatisfy { $0 == "0" })
    }

    /// Whether `hex` is the HMAC-SHA256 of `body` under the secret, compared in constant time.
    func verifies(hexHMAC hex: String, of body: [UInt8]) -> Bool {
        let expected = HMACSHA256.authenticationCode(for: body, key: secret)
        return Self.constantTimeEqual(Array(hex.lowercased().utf8), Array(expected.hex.utf8))
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool { ConstantTime.equal(a, b) }
}
