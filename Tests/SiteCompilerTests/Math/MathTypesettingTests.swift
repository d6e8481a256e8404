import Foundation
@testable import Markdown
@testable import SiteContent
import Testing
import Typesetting

@testable import SiteCompiler

@Suite struct MathTypesettingTests {
    @Test func prefetchedFormulasAreAskedOnceAndCached() throws {
        let typesetter = TestTypesetter()
        let typesetting = MathTypesetting(typesetter: typesetter, cache: HighlightCache(folder: nil, fileName: MathTypesetting.cacheFileName))
        let formulas = (0..<10).map { MathFormula(tex: "x_\($0)", display: $0.isMultiple(of: 2)) }
        typesetting.prefetch(formulas + formulas, threads: 2)
        let (mathML, errors) = typesetting.typeset(formulas.reversed())
        #expect(errors.isEmpty)
        #expect(mathML.first == "<math display=\"inline\"><mtext>x_9</mtext></math>")
        #expect(typesetter.formulas.count == 10)
        _ = typesetting.typeset([MathFormula(tex: "x_1", display: false), MathFormula(tex: "new", display: false)])
        #expect(typesetter.formulas.count == 11)
    }

    @Test func aTeXErrorIsNotKeptInTheCache() throws {
        let typesetter = TestTypesetter()
        let cache = HighlightCache(folder: nil, fileName: MathTypesetting.cacheFileName)
        let (mathML, errors) = MathTypesetting(typesetter: typesetter, cache: cache).typeset([MathFormula(tex: "\\bad", display: false)])
        #expect(mathML == [nil])
        #expect(errors == [0: "Undefined control sequence: \\bad"])
        // A later build asks again.
        _ = MathTypesetting(typesetter: typesetter, cache: cache).typeset([MathFormula(tex: "\\bad", display: false)])
        #expect(typesetter.requests == 2)
    }
}
