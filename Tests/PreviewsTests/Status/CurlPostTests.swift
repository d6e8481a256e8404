import FakeForge
import Foundation
import TestThreads
import Testing

@testable import Previews

/// Requests made by the real `curl` program to a fake forge on loopback: what arrives is what
/// was sent, whatever the body and headers hold, and what comes back is read whatever its shape.
@Suite(.onBlockingPool) struct CurlPostTests {
    @Test func bodiesAndHeadersArriveAsTheyWereSent() async throws {
        let fake = try await FakeForge.start()
        // Everything curl's config treats specially: quotes, backslashes, line breaks, tabs, an
        // `@` (a file name to curl's plain `data`), `%` (write-out's own escapes), and text
        // beyond ASCII.
        let description = "say \"hi\" \\ or\ttab\nnext line @/etc/passwd 100% {x} – café"
        let body = try JSONSerialization.data(withJSONObject: ["description": description], options: [.sortedKeys])
        let post = CurlPost(url: URL(string: "\(fake.api)/a/b")!, headers: [("Authorization", "Bearer a\"b\\c"), ("X-Test", "@file")],
                            body: body, timeout: 10)
        let answer = try await post.send()
        await fake.stop()
        #expect(answer.status == 201)
        #expect(answer.body == Data(#"{"id":1}"#.utf8))
        #expect(answer.location == nil)
        let request = try #require(fake.requests.first)
        #expect(request.method == "POST" && request.path == "/a/b")
        #expect(request.rawBody == String(decoding: body, as: UTF8.self))
        #expect(request.body?["description"] == description)
        #expect(request.headers["authorization"] == "Bearer a\"b\\c")
        #expect(request.headers["x-test"] == "@file")
        #expect(request.headers["expect"] == nil)
    }

    @Test func anAnswersBodyIsKeptWhateverItEndsWith() async throws {
        let fake = try await FakeForge.start()
        // A body that ends without a line break, and one that holds what looks like the status line.
        fake.answer(422, #"{"message":"nope"}"#)
        fake.answer(500, "line one\n\(CurlPost.marker)200 \n")
        let post = CurlPost(url: URL(string: "\(fake.api)/x")!, headers: [], body: Data("{}".utf8), timeout: 10)
        let first = try await post.send(), second = try await post.send()
        await fake.stop()
        #expect(first.status == 422 && first.body == Data(#"{"message":"nope"}"#.utf8))
        #expect(second.status == 500 && second.body == Data("line one\n\(CurlPost.marker)200 \n".utf8))
    }

    @Test func aRedirectIsReportedNotFollowed() async throws {
        let fake = try await FakeForge.start()
        fake.answer(307, location: "/elsewhere")
        let post = CurlPost(url: URL(string: "\(fake.api)/x")!, headers: [], body: Data("{}".utf8), timeout: 10)
        let answer = try await post.send()
        await fake.stop()
        #expect(answer.status == 307)
        #expect(answer.location?.absoluteString == "\(fake.api)/elsewhere")
        #expect(fake.requests.count == 1)
    }

    @Test func noAnswerIsAFailureInCurlsWords() async throws {
        let port = try ClosedPort()
        let post = CurlPost(url: URL(string: "http://127.0.0.1:\(port.number)/x")!, headers: [], body: Data(), timeout: 10)
        let failure = await #expect(throws: CurlPost.Failure.self) { try await post.send() }
        withExtendedLifetime(port) {}
        #expect(failure?.reason.contains("curl: (7)") == true, "\(String(describing: failure))")
    }

    @Test func curlsOwnComplaintIsTheReasonNotItsAdviceToReadItsHelp() async throws {
        let fake = try await FakeForge.start()
        // A config line longer than curl reads (about 100 KiB) makes it refuse the config.
        let post = CurlPost(url: URL(string: "\(fake.api)/x")!, headers: [], body: Data(repeating: UInt8(ascii: "a"), count: 200_000),
                            timeout: 10)
        let failure = await #expect(throws: CurlPost.Failure.self) { try await post.send() }
        await fake.stop()
        #expect(fake.requests.isEmpty)
        #expect(failure?.reason.hasPrefix("curl: ") == true && failure?.reason.contains("curl: try") == false, "\(String(describing: failure))")
    }

    @Test func configValuesAreQuotedForCurl() {
        #expect(CurlPost.quoted(#"a "b" \c"#) == #""a \"b\" \\c""#)
        #expect(CurlPost.quoted("one\ntwo\r\tthree") == #""one\ntwo\r\tthree""#)
        let post = CurlPost(url: URL(string: "https://api.example.com/x")!, headers: [("Authorization", "Bearer t")], body: Data(), timeout: 2.5)
        // The token goes in the config curl reads on its standard input; its arguments name none.
        #expect(post.config.contains(#"header = "Authorization: Bearer t""#))
        #expect(post.config.contains(#"max-time = "3""#))
        #expect(post.config.contains(#"proto = "=http,https""#))
        // An address reaches curl as `URL` spells it, braces and brackets escaped; should one
        // ever come through as written, curl must not read it as a pattern of many requests.
        #expect(post.config.contains("\ngloboff\n"))
    }
}
