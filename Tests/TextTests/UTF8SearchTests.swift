import Foundation
import Testing

import Text

@Suite struct UTF8SearchTests {
    /// The same as Foundation's replacement, for texts beyond ASCII, matches side by side, at
    /// either end, overlapping ones and none.
    @Test func replacingGivesWhatFoundationGives() {
        let cases: [(String, String, String)] = [
            ("id=\"fn-", "id=\"fn:", ##"<li id="fn-1">é</li><a href="#fn-1" id="fn-2">ü</a>"##),
            ("&", "&amp;", "&&x & é&"),
            ("aa", "b", "aaaaa"),
            ("é", "e", "éé café é"),
            ("日本", "X", "日本語と日本"),
            ("<", "&lt;", "no match here"),
            ("x", "", "xaxbx"),
            ("😀", ":)", "a😀b😀"),
        ]
        for (target, replacement, text) in cases {
            #expect(UTF8Search.replacing(target, with: replacement, in: text) == text.replacingOccurrences(of: target, with: replacement),
                    "\(target) in \(text)")
        }
    }

    /// Every pattern, whichever of its bytes the search looks for first, is found where a plain
    /// search finds it, from every starting place.
    @Test func offsetsAreThoseOfAPlainSearch() {
        let text = Array(##"<a href="#fn-1" id="fnref-1">x</a> <h2 id="a-b">#-#</h2> ab#c"##.utf8)
        let patterns = ["href=\"#fn-", "id=\"fn", "#", "-", "b#c", "#c", "c", "<h", " id=\"", "x</a>", "zz", "ab#c!", "\">"]
        for pattern in patterns.map({ Array($0.utf8) }) {
            for start in 0...text.count {
                var expected: Int?
                if start + pattern.count <= text.count {
                    expected = (start...(text.count - pattern.count)).first { Array(text[$0..<($0 + pattern.count)]) == pattern }
                }
                let found = text.withUnsafeBufferPointer { UTF8Search.offset(of: pattern, in: $0, from: start) }
                #expect(found == expected, "\(String(decoding: pattern, as: UTF8.self)) from \(start)")
            }
        }
    }

    @Test func offsetsAreOfBytes() {
        #expect(UTF8Search.offset(of: "b", in: "éb") == 2)
        #expect(UTF8Search.offset(of: "z", in: "éb") == nil)
        #expect(UTF8Search.contains("fn-", in: "<a href=\"#fn-1\">"))
    }
}
