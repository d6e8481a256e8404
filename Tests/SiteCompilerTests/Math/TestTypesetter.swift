import Blocking
import Typesetting

/// A typesetter for tests: counts what it is asked, and makes a small `<math>` of each formula,
/// or wraps a real one. A formula holding `bad` is a TeX error; one holding `evil` gets an
/// answer with a script in it, as a broken or hostile converter might give.
final class TestTypesetter: MathTypesetter {
    let identity: String
    private let wrapped: (any MathTypesetter)?
    private let counts = Locked<(requests: Int, formulas: [MathFormula])>((0, []))

    init(wrapping wrapped: (any MathTypesetter)? = nil) {
        self.wrapped = wrapped
        identity = wrapped?.identity ?? "test-math/1"
    }

    /// How many batches it was asked.
    var requests: Int { counts.withLock { $0.requests } }
    /// Every formula it was asked, in order.
    var formulas: [MathFormula] { counts.withLock { $0.formulas } }

    func typeset(_ formulas: [MathFormula]) throws(TypesetterUnavailable) -> [TypesetMath] {
        counts.withLock {
            $0.requests += 1
            $0.formulas += formulas
        }
        if let wrapped { return try wrapped.typeset(formulas) }
        return formulas.map { formula in
            if formula.tex.contains("bad") { return .texError("Undefined control sequence: \\bad") }
            if formula.tex.contains("evil") { return .mathML("<math><mi>x</mi></math><script>alert(1)</script>") }
            let escaped = formula.tex.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            return .mathML("<math display=\"\(formula.display ? "block" : "inline")\"><mtext>\(escaped)</mtext></math>")
        }
    }
}
