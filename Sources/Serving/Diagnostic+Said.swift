import Diagnostics
import SiteCompiler

extension Diagnostic {
    /// `kind: FILE:LINE: message`, with the lines around the place under it, as `galley build`
    /// says a problem: tools read the first line alone, a reader the lines below.
    func said(as kind: String) -> String {
        "\(kind): \(self)" + (excerpt.map { "\n" + $0.text } ?? "")
    }
}
