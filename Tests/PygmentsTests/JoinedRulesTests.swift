import Foundation
import Testing

import Highlighting
@testable import Pygments

/// The helper finds tokens by joining each lexer state's rules into one pattern (for a character,
/// of only the rules that can begin with it), and reads most lexers' tokens without Pygments'
/// get_tokens; Pygments tries the rules one by one, through get_tokens. The two must give the
/// same HTML for any text in any language.
@Suite struct JoinedRulesTests {
    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func joinedRulesGiveTheTokensPygmentsGives() throws {
        let joined = PygmentsHighlighter(pythons: ["/usr/bin/python3"], helperLimit: 1)
        let ruleByRule = PygmentsHighlighter(pythons: ["/usr/bin/python3"], helperLimit: 1, ruleByRule: true)
        // Line ends and a byte order mark as Windows editors leave them: the helper makes the text
        // ready itself, as Pygments' get_tokens would.
        let foreign = CodeSamples.byLanguage.prefix(8).map { "\u{FEFF}" + $0.code.replacingOccurrences(of: "\n", with: "\r\n") }
            + CodeSamples.byLanguage.suffix(4).map { $0.code.replacingOccurrences(of: "\n", with: "\r") }
        let texts = CodeSamples.byLanguage.map(\.code) + CodeSamples.splices(count: 60) + foreign
            + ["", "\n", "\t\t\n\n", "\"unclosed\n", "/* open", "${%x}y%}", "$begin{%a}b%}c", "a\r\n\r\rb", "\u{FEFF}",
               // Letters that match ASCII ones where case is ignored (the long s, the Kelvin sign),
               // and others past ASCII, first on their lines.
               "\u{17F}elect \u{212A} FROM t; \u{17F}ELECT\n\u{130}f x \u{212A}ey = 1\n\u{E9}t\u{E9} \u{65E5}\u{672C} -- \u{17F}\n"]
        let languages = CodeSamples.byLanguage.map(\.language) + ["objective-c++", "ts", "shell", "scss", "erb", "jsx", "dockerfile", "make", "perl",
                                                                  // Rules that ignore case, in whole lexers or in groups.
                                                                  "fortran", "vb.net", "tsql", "ada", "nasm", "powershell", "pascal", "cobol",
                                                                  "haskell", "elixir", "latex", "ini", "nginx",
                                                                  // Its rules hold a conditional group, `(?(4)…)`, which joining would renumber.
                                                                  "evoque"]
        var compared = 0
        for language in languages {
            let blocks = texts.filter { !$0.isEmpty }.map { CodeBlock(language: language, code: $0 + "\n") }
            let fast = try joined.highlight(blocks), plain = try ruleByRule.highlight(blocks)
            for (index, (one, other)) in zip(fast, plain).enumerated() where one != other {
                Issue.record("\(language): the joined rules differ on:\n\(blocks[index].code)\njoined:\n\(one ?? "nil")\nPygments:\n\(other ?? "nil")")
                break
            }
            compared += fast.count { $0 != nil }
        }
        #expect(compared > languages.count * 50)
        // The samples are highlighted, not left plain by a lexer that failed.
        let samples = try joined.highlight(CodeSamples.byLanguage.map { CodeBlock(language: $0.language, code: $0.code) })
        for (sample, html) in zip(CodeSamples.byLanguage, samples) {
            #expect(html?.contains("<span class=") == true, "\(sample.language)")
        }
    }
}
