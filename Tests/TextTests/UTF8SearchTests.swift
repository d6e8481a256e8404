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

    @Test func offsetsAreOfBytes() {
        #expect(UTF8Search.offset(of: "b", in: "éb") == 2)
        #expect(UTF8Search.offset(of: "z", in: "éb") == nil)
        #expect(UTF8Search.contains("fn-", in: "<a href=\"#fn-1\">"))
    }
}
