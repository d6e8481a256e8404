import Testing

import Text

/// Zola's ids (`slugify.anchors = "on"`).
@Suite struct HeadingIDsZolaTests {
    @Test(arguments: [
        ("beautify.js", "beautify-js"),
        ("Format code - prettier", "format-code-prettier"),
        ("The example.com wake up call", "the-example-com-wake-up-call"),
        ("test (hey)", "test-hey"),
        ("Don't panic", "don-t-panic"),
        ("héhé", "hehe"),
        ("日本", "ri-ben"),
        ("Straße", "strasse"),
        ("2nd try", "2nd-try"),
        ("  spaced  ", "spaced"),
        ("!!!", ""),
    ])
    func ids(text: String, expected: String) {
        #expect(HeadingIDs.zola(text) == expected)
    }
}
