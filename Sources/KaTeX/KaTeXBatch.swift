import Foundation
import Typesetting

/// A batch of formulas as the KaTeX script reads it, and its answer as Galley reads it back.
enum KaTeXBatch {
    /// The JSON the script reads: `[["x^2", false], …]`.
    static func request(_ formulas: [MathFormula]) throws(TypesetterUnavailable) -> Data {
        let pairs: [[Any]] = formulas.map { [$0.tex as NSString, NSNumber(value: $0.display)] }
        do { return try JSONSerialization.data(withJSONObject: pairs, options: []) } catch {
            throw TypesetterUnavailable("cannot write a batch for KaTeX: \(error)")
        }
    }

    /// What the script wrote, shaped as `{"katex": …, "answers": […]}` or `{"error": …}`.
    private struct Reply: Decodable {
        var katex: String?
        var error: String?
        var answers: [Answer]?
    }

    private struct Answer: Decodable {
        var mathml: String?
        var error: String?
    }

    /// The answer to a batch of `count` formulas in `output`.
    static func answers(_ output: Data, count: Int) throws(TypesetterUnavailable) -> [TypesetMath] {
        guard let reply = try? JSONDecoder().decode(Reply.self, from: output) else {
            throw TypesetterUnavailable("KaTeX gave an answer Galley does not understand")
        }
        if let error = reply.error, reply.answers == nil { throw TypesetterUnavailable(error) }
        guard let answers = reply.answers, answers.count == count else {
            throw TypesetterUnavailable("KaTeX gave an answer Galley does not understand")
        }
        return answers.map { answer in
            if let mathml = answer.mathml { return .mathML(mathml) }
            return .texError(answer.error ?? "KaTeX did not say why")
        }
    }
}
