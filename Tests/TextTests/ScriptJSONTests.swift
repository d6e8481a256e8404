import Foundation
import Testing

@testable import Text

@Suite struct ScriptJSONTests {
    /// Foundation's writer, with the characters a script element cannot hold escaped after it.
    private func foundation(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes, .fragmentsAllowed])
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": text += "\\u003c"
            case ">": text += "\\u003e"
            case "&": text += "\\u0026"
            case "\u{2028}": text += "\\u2028"
            case "\u{2029}": text += "\\u2029"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    @Test func everyASCIICharacterIsWrittenAsFoundationWritesIt() throws {
        for value in 0..<0x80 {
            let text = String(Unicode.Scalar(UInt8(value)))
            #expect(ScriptJSON.string(text).text == (try foundation(text)), "U+\(String(value, radix: 16))")
        }
    }

    @Test func textBeyondASCIIStaysAsItIsButTheSeparators() throws {
        // Every character whose UTF-8 starts as the separators' do (E2 80 A8, E2 80 A9), and runs
        // of plain text between escapes.
        let neighbours = (0x2000...0x203F).map { String(Unicode.Scalar($0)!) }.joined()
        for text in ["é", "日本語", "😀", "\u{2028}", "\u{2029}", "a\u{2027}b", "\u{FEFF}x", "</script>\u{2028}&amp;",
                     "Words of a description…", "…\u{2028}…\u{2029}x\"y\u{2030}", "\u{E2}\u{80}", neighbours, "ab\ncd\u{1}ef\\"] {
            #expect(ScriptJSON.string(text).text == (try foundation(text)), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func objectsKeepTheirOrderAndArraysTheirItems() throws {
        let value = ScriptJSON.object([.init("b", .string("1")), .init("a", .array([.string("x"), .object([])])), .init("c", .array([]))])
        #expect(value.text == #"{"b":"1","a":["x",{}],"c":[]}"#)
    }

    @Test func nothingCanEndTheScriptElement() {
        let text = ScriptJSON.object([.init("</script>", .string("<!-- </script> & \u{2028}"))]).text
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&") && !text.contains("\u{2028}"))
        #expect(text == #"{"\u003c/script\u003e":"\u003c!-- \u003c/script\u003e \u0026 \u2028"}"#)
    }
}
