import Blocking
import Foundation
import Testing

@testable import KaTeX
import Typesetting

@Suite struct KaTeXTypesetterTests {
    /// Runs `formulas` as a build does, on a thread of the blocking pool: the typesetter waits
    /// for Node there, never on one of the threads Swift's tasks share.
    private func typeset(_ formulas: [MathFormula], with typesetter: KaTeXTypesetter = KaTeXTypesetter()) async throws -> [TypesetMath] {
        try await BlockingPool.shared.run { () throws(TypesetterUnavailable) in try typesetter.typeset(formulas) }
    }

    @Test(.enabled(if: DebianKaTeX.isInstalled, "needs Debian's katex and Node.js (scripts/test installs them)"))
    func typesetsInlineAndDisplayMathAsMathML() async throws {
        let answers = try await typeset([MathFormula(tex: "x^2", display: false), MathFormula(tex: "\\frac{a}{b}", display: true)])
        guard case .mathML(let inline) = answers[0], case .mathML(let display) = answers[1] else {
            Issue.record("expected MathML, got \(answers)")
            return
        }
        #expect(inline.contains("<msup><mi>x</mi><mn>2</mn></msup>"))
        #expect(!inline.contains("display=\"block\""))
        #expect(display.contains("display=\"block\""))
        #expect(display.contains("<mfrac>"))
    }

    @Test(.enabled(if: DebianKaTeX.isInstalled, "needs Debian's katex and Node.js (scripts/test installs them)"))
    func aTeXErrorIsThatFormulasAlone() async throws {
        let answers = try await typeset([MathFormula(tex: "\\frac{", display: false), MathFormula(tex: "y", display: false)])
        guard case .texError(let message) = answers[0] else {
            Issue.record("expected an error, got \(answers[0])")
            return
        }
        #expect(message.contains("end of input"))
        #expect(answers[1] != answers[0])
    }

    @Test(.enabled(if: DebianKaTeX.isInstalled, "needs Debian's katex and Node.js (scripts/test installs them)"))
    func aMacroOneFormulaDefinesStaysInIt() async throws {
        let answers = try await typeset([MathFormula(tex: "\\gdef\\x{1}\\x", display: false), MathFormula(tex: "\\x", display: false)])
        guard case .texError = answers[1] else {
            Issue.record("\\x should be undefined in the second formula: \(answers[1])")
            return
        }
    }

    @Test func aMissingNodeMakesItUnavailable() {
        #expect(throws: TypesetterUnavailable.self) {
            try KaTeXTypesetter(node: "/nonexistent/node").typeset([MathFormula(tex: "x", display: false)])
        }
    }

    @Test(.enabled(if: DebianKaTeX.isInstalled, "needs Node.js (scripts/test installs it)"))
    func aMissingKaTeXMakesItUnavailable() async {
        await #expect(throws: TypesetterUnavailable.self) {
            try await typeset([MathFormula(tex: "x", display: false)], with: KaTeXTypesetter(modules: ["/nonexistent/katex.js"]))
        }
    }
}
