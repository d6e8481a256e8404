import Foundation
@testable import Layouts
@testable import SiteContent
import Testing

@testable import SiteCompiler

@Suite struct StructuredDataTests {
    @Test func aTitleCannotEndTheScript() throws {
        let page: [String: Any] = ["title": "</script><script>alert(1)</script> & more\u{2028}", "permalink": "https://example.com/a/", "authors": ["Ada"]]
        let json = StructuredData.blogPosting(page, site: ["title": "Site"])
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        #expect(json.contains(#""headline":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u0026 more\u2028""#), "\(json)")
        // The escapes read back as the same text.
        let read = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(read["headline"] as? String == page["title"] as? String)
        #expect(read["@type"] as? String == "BlogPosting")
        #expect((read["author"] as? [String: Any])?["name"] as? String == "Ada")
        #expect(read["url"] as? String == "https://example.com/a/")
    }

    @Test func everyFieldIsWrittenInSortedOrder() throws {
        let page: [String: Any] = [
            "title": "A \"quoted\" title", "permalink": "https://example.com/a/", "authors": ["Ada", "Grace"],
            "description": "About it.", "image": "https://example.com/a/cover.png",
        ]
        let json = StructuredData.blogPosting(page, site: ["title": "Site", "author": ["name": "Nobody"]])
        #expect(json == #"{"@context":"https://schema.org","@type":"BlogPosting","author":[{"@type":"Person","name":"Ada"},{"@type":"Person","name":"Grace"}],"description":"About it.","headline":"A \"quoted\" title","image":"https://example.com/a/cover.png","mainEntityOfPage":"https://example.com/a/","publisher":{"@type":"Organization","name":"Site"},"url":"https://example.com/a/"}"#)
        // Foundation's writer, sorting the same keys, reads it back as the same value.
        let read = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let again = try JSONSerialization.data(withJSONObject: read, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: again, as: UTF8.self) == json)
    }

    @Test func theSiteAuthorStandsInForAPostWithoutOne() {
        let json = StructuredData.blogPosting(["title": "T"], site: ["author": ["name": "Ada"]])
        #expect(json == #"{"@context":"https://schema.org","@type":"BlogPosting","author":{"@type":"Person","name":"Ada"},"headline":"T"}"#)
    }
}
