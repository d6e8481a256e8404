import Digests
import Foundation
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct PushWebhookTests {
    let webhook = try! PushWebhook(secret: Array("It's a Secret to Everybody".utf8))
    let push = Array(#"{"ref":"refs/heads/post/hello","after":"0a1b2c3d4e5f0a1b2c3d4e5f0a1b2c3d4e5f0a1b"}"#.utf8)

    func hex(_ body: [UInt8], secret: String = "It's a Secret to Everybody") -> String {
        HMACSHA256.authenticationCode(for: body, key: Array(secret.utf8)).hex
    }

    @Test func githubsPublishedTestVectorVerifies() {
        // GitHub's documentation gives this signature for this secret and body.
        let signature = "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
        #expect(webhook.verifies(hexHMAC: signature, of: Array("Hello, World!".utf8)))
        #expect(!webhook.verifies(hexHMAC: signature, of: Array("Hello, World?".utf8)))
        #expect(hex(Array("Hello, World!".utf8)) == signature)
    }

    @Test func eachForgesSignedPushIsAPushOfItsBranch() {
        let signature = hex(push)
        let requests: [(PushWebhook.Forge, [String: String])] = [
            (.github, ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(signature)"]),
            (.gitea, ["X-Gitea-Event": "push", "X-Gitea-Signature": signature]),
            (.forgejo, ["X-Forgejo-Event": "push", "X-Forgejo-Signature": signature]),
            // Header names in any case, as HTTP/2 sends them.
            (.github, ["x-github-event": "push", "x-hub-signature-256": "sha256=\(signature.uppercased())"]),
            (.gitlab, ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": "It's a Secret to Everybody"]),
        ]
        for (forge, headers) in requests {
            #expect(webhook.verdict(headers: headers, body: push) == .push(forge: forge, branch: "post/hello", deleted: false), "\(headers)")
        }
    }

    @Test func aForgedOrMissingSignatureIsRefused() {
        let wrongSecret = hex(push, secret: "guess")
        let refused: [[String: String]] = [
            [:],
            ["X-GitHub-Event": "push"],
            ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(wrongSecret)"],
            ["X-GitHub-Event": "push", "X-Hub-Signature-256": hex(push)],  // without sha256=
            ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256="],
            ["X-Gitea-Event": "push", "X-Gitea-Signature": wrongSecret],
            ["X-Forgejo-Event": "push", "X-Forgejo-Signature": String(hex(push).dropLast())],
            ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": "It's a Secret to Everybody "],
            ["X-Gitlab-Event": "Push Hook", "X-Gitlab-Token": ""],
        ]
        for headers in refused {
            guard case .unauthorized = webhook.verdict(headers: headers, body: push) else {
                Issue.record("accepted \(headers)")
                continue
            }
        }
        // A body changed after signing.
        var changed = push
        changed[changed.count - 3] = UInt8(ascii: "f")
        guard case .unauthorized = webhook.verdict(headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(hex(push))"], body: changed) else {
            Issue.record("a changed body was accepted")
            return
        }
    }

    @Test func otherEventsAreIgnoredAndDeletionsAndTagsAreSaid() {
        let ping = Array(#"{"zen":"Keep it logically awesome."}"#.utf8)
        #expect(webhook.verdict(headers: ["X-GitHub-Event": "ping", "X-Hub-Signature-256": "sha256=\(hex(ping))"], body: ping)
            == .ignored(forge: .github, event: "ping"))
        #expect(webhook.verdict(headers: ["X-Gitlab-Event": "Merge Request Hook", "X-Gitlab-Token": "It's a Secret to Everybody"], body: ping)
            == .ignored(forge: .gitlab, event: "Merge Request Hook"))

        let deleted = Array(#"{"ref":"refs/heads/gone","after":"0000000000000000000000000000000000000000"}"#.utf8)
        #expect(webhook.verdict(headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(hex(deleted))"], body: deleted)
            == .push(forge: .github, branch: "gone", deleted: true))
        let tag = Array(#"{"ref":"refs/tags/v1","after":"1111111111111111111111111111111111111111"}"#.utf8)
        #expect(webhook.verdict(headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(hex(tag))"], body: tag)
            == .push(forge: .github, branch: nil, deleted: false))
        let junk = Array("not json".utf8)
        guard case .malformed = webhook.verdict(headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(hex(junk))"], body: junk) else {
            Issue.record("a push without a ref was read")
            return
        }
        // GitHub's default content type is a form: what to change is said.
        let form = Array("payload=%7B%22ref%22%3A%22refs%2Fheads%2Fmain%22%7D".utf8)
        #expect(webhook.verdict(headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(hex(form))",
                                          "Content-Type": "application/x-www-form-urlencoded"], body: form)
            == .malformed("a GitHub push event whose body is not a JSON object Galley can read (it is a form: set the webhook's content type to application/json)"))
        // JSON nested past what Foundation reads was said to be a push "without a ref".
        let deep = Array((String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)).utf8)
        #expect(webhook.verdict(headers: ["X-GitHub-Event": "push", "X-Hub-Signature-256": "sha256=\(hex(deep))"], body: deep)
            == .malformed("a GitHub push event whose body is not a JSON object Galley can read (nested too deep, or not JSON)"))
    }

    /// What the headers alone settle, before a body is read: no signature, or a wrong GitLab token.
    @Test func headersAloneRefuseAnUnsignedRequest() {
        #expect(webhook.verdict(headers: ["X-GitHub-Event": "push"]) == .unauthorized(
            "no signature (X-Hub-Signature-256, X-Gitea-Signature, X-Forgejo-Signature or X-Gitlab-Token)"))
        #expect(webhook.verdict(headers: ["X-Gitlab-Token": "guess"]) == .unauthorized("the GitLab token does not match"))
        #expect(webhook.verdict(headers: ["X-Gitlab-Token": "It's a Secret to Everybody"]) == nil)
        #expect(webhook.verdict(headers: ["x-hub-signature-256": "sha256=00"]) == nil, "a signature needs the body")
    }

    @Test func theSecretFileLosesItsLineBreakAndAnEmptyOneIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "galley-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("It's a Secret to Everybody\n".utf8).write(to: folder.appending(path: "secret"))
        let read = try PushWebhook(secretFile: folder.appending(path: "secret").path)
        #expect(read.secret == webhook.secret)
        try Data("\n".utf8).write(to: folder.appending(path: "empty"))
        #expect(throws: DeployError.self) { try PushWebhook(secretFile: folder.appending(path: "empty").path) }
        #expect { try PushWebhook(secretFile: folder.appending(path: "missing").path) } throws: { error in
            "\(error)".hasSuffix("/missing: No such file or directory")
        }
        #expect { try PushWebhook(secretFile: folder.path) } throws: { "\($0)".hasSuffix(": it is a folder") }
    }

    @Test func comparingTakesNoShortcut() {
        #expect(PushWebhook.constantTimeEqual(Array("abc".utf8), Array("abc".utf8)))
        #expect(!PushWebhook.constantTimeEqual(Array("abc".utf8), Array("abd".utf8)))
        #expect(!PushWebhook.constantTimeEqual(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!PushWebhook.constantTimeEqual([], Array("a".utf8)))
    }
}
