import Testing

import Text

@Suite struct SlugTests {
    @Test(arguments: [
        ("Hello, World!", "hello-world"),
        ("Café & Crème", "cafe-creme"),
        ("  --Trailing--  ", "trailing"),
        ("Don't panic", "dont-panic"),
        ("Swift 6.0 on Linux", "swift-6-0-on-linux"),
        ("日本語", ""),
    ])
    func makesAddressFriendlyText(input: String, expected: String) {
        #expect(Slug.make(input) == expected)
    }

    /// ASCII text takes a shortcut over its bytes; it must agree with the rule as written for
    /// any text: lowercase, keep letters and digits, drop apostrophes, one hyphen for the rest.
    @Test func asciiShortcutFollowsTheRule() {
        func byTheRule(_ text: String) -> String {
            var result = ""
            var pendingHyphen = false
            for scalar in text.lowercased().unicodeScalars {
                if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                    if pendingHyphen && !result.isEmpty { result.append("-") }
                    pendingHyphen = false
                    result.unicodeScalars.append(scalar)
                } else if scalar != "'" {
                    pendingHyphen = true
                }
            }
            return result
        }
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("aZz09 -_'.,!?&/AMq\t\n~`\"")
        for _ in 0..<2000 {
            let text = String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            #expect(Slug.make(text) == byTheRule(text), "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("jekyll-sass-converter-3.0-released", "jekyll-sass-converter-3.0-released"),
        ("Meet-Jekyll's New Lead", "Meet-Jekyll-s-New-Lead"),
        ("Café au lait", "Cafe-au-lait"),
        ("  spaced  out  ", "spaced-out"),
        ("a/b\\c", "a-b-c"),
        ("..", ""),
        ("...", ""),
        (".hidden", ".hidden"),
    ])
    func fileNamesKeepCaseAndDotsAsJekyllsTitleDoes(name: String, expected: String) {
        #expect(Slug.fromFileName(name) == expected)
        #expect(Slug.fromFileName(name).isEmpty || Slug.isSafeSegment(Slug.fromFileName(name)))
    }

    @Test func safeSegmentsRejectPathTricks() {
        #expect(Slug.isSafeSegment("my-post_2.v1"))
        #expect(!Slug.isSafeSegment(".."))
        #expect(!Slug.isSafeSegment("a/b"))
        #expect(!Slug.isSafeSegment("with space"))
        #expect(!Slug.isSafeSegment(""))
    }
}
