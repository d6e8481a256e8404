import Testing

import Diagnostics
@testable import FrontMatter

/// Headers TOMLKit's parser would stop the whole process on (an assertion in its C++), refused
/// at their line first; values that only look like headers are left to it.
@Suite struct TOMLCheckTests {
    @Test func headersWhoseNameDoesNotStartAsAKeyAreRefusedAtTheirLine() {
        let cases: [(String, found: String)] = [
            ("[[[\n", "`[`"), ("[#x]\n", "`#`"), ("[[ [a]]\n", "`[`"), ("[[[a]]]\n", "`[`"), ("[.a]\n", "`.`"),
            ("[=]\n", "`=`"), ("[\n", "the end of the line"), ("[[\r\n", "the end of the line"), ("[é]\n", "`é`"), ("  \t[ @]\n", "`@`"),
        ]
        for (header, found) in cases {
            let text = "title = \"T\"\n\n" + header + "x = 1\n"
            #expect(TOMLCheck.problem(in: text)?.line == 3, "\(header.debugDescription)")
            let error = refusal(text)
            #expect(error?.path == "posts/a.md" && error?.line == 4, "\(header.debugDescription)")
            #expect(error?.message == "TOML front matter: `[` or `[[` must be followed by a table's name, not \(found)", "\(header.debugDescription)")
        }
    }

    /// An array's item that starts with `}` or with a line break TOML does not know stopped
    /// the process too.
    @Test func arraysHoldingWhatTOMLKitCannotStartAnItemWithAreRefused() throws {
        for (value, words, line) in [("[1,} 2]", "holds `}`", 3), ("[\n  }\n]", "holds `}`", 4), ("[1, \u{2028} 2]", "U+2028 is no line break", 3),
                                     ("[\u{85}1]", "U+0085", 3), ("1 \u{2029}", "U+2029", 3), ("[{ a = [1, } ]", "holds `}`", 3)] {
            let text = "title = \"T\"\nlist = " + value + "\n"
            let error = refusal(text)
            #expect(error?.line == line && error?.message.contains(words) == true, "\(value.debugDescription): \(String(describing: error))")
        }
        let fine = try TOMLFrontMatter.parse("a = [ {x = 1}, {y = [2, {z = 3}]} ]\nb = \"}\u{2028}\" # ] } \u{2028}\n", path: "posts/a.md", firstLine: 2)
        #expect(fine["b"]?.string == "}\u{2028}")
    }

    /// TOMLKit ends a string at an escaped NUL: `title = "a\u0000b"` was read as `a`.
    @Test func anEscapedNULIsRefusedWhereTOMLKitWouldCutTheStringShort() throws {
        for text in ["title = \"a\\u0000b\"\n", "x = 1\ntitle = \"\"\"\nline\n\\U00000000\"\"\"\n", "\"k\\u0000\" = 1\n"] {
            let error = refusal(text)
            #expect(error?.message.contains("\\u0000, a NUL") == true, "\(text.debugDescription): \(String(describing: error))")
        }
        #expect(refusal("x = 1\ntitle = \"\"\"\nline\n\\U00000000\"\"\"\n")?.line == 5)
        // An escaped backslash before `u0000`, and a literal string, hold no NUL.
        let fine = try TOMLFrontMatter.parse("a = \"\\\\u0000\"\nb = 'c\\u0000'\n", path: "posts/a.md", firstLine: 2)
        #expect(fine["a"]?.string == "\\u0000" && fine["b"]?.string == "c\\u0000")
    }

    /// Brackets at the start of a line inside an array, a string or a comment are no headers,
    /// and headers TOMLKit refuses on its own are left to it.
    @Test func bracketsThatAreNoHeadersAreLeftToTOMLKit() throws {
        let valid = """
            title = "T"
            nested = [
              [[1]],
              [[[2]]],
            ]
            text = \"\"\"
            [[[ not a header
            [#\"\"\"
            raw = '''
            [. neither'''
            quoted = "a \\" [[[ b"
            # [[[ a comment
            [table]
            key = [ # a comment holds ]
              [3],
            ]
            [[list]]
            "a.b" = 1
            ["quoted name"]
            ['literal']
              [ spaced ]
            x = 1

            """
        #expect(TOMLCheck.problem(in: valid) == nil)
        let parsed = try TOMLFrontMatter.parse(valid, path: "posts/a.md", firstLine: 2)
        #expect(parsed["text"]?.string == "[[[ not a header\n[#")
        #expect(parsed["spaced"]?["x"]?.string == "1")
        // TOMLKit's own errors, at their lines.
        for (text, words) in [("[ [a]]\n", "contiguous"), ("[]\n", "blank"), ("[", "end-of-file")] {
            #expect(TOMLCheck.problem(in: text) == nil, "\(text.debugDescription)")
            let error = refusal(text)
            #expect(error?.line == 2 && error?.message.contains(words) == true, "\(text.debugDescription): \(String(describing: error))")
        }
    }

    /// What reading `text` as a post's TOML front matter says is wrong; nil when it reads.
    private func refusal(_ text: String) -> Diagnostic? {
        do {
            _ = try TOMLFrontMatter.parse(text, path: "posts/a.md", firstLine: 2)
            return nil
        } catch {
            return error
        }
    }
}
