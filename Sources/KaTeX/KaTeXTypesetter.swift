import FileSystem
import Foundation
import Typesetting

/// Typesets math with KaTeX (Debian's `katex` package) run by Node.js, one process for each
/// batch of formulas.
///
/// KaTeX rather than a converter in the Pygments helper (the `latex2mathml` Python package):
/// KaTeX is what Hugo's `transform.ToMath` runs, covers the TeX that blogs written for MathJax
/// use, has settings made for untrusted input (`trust`, `maxExpand`), and Debian packages it,
/// where latex2mathml is only on PyPI. A process a batch rather than a helper kept running:
/// Node starts and loads KaTeX in about a sixth of a second, and a build sends a batch for many
/// posts at once, so a helper would save little and need its own lifetime and turns.
package struct KaTeXTypesetter: MathTypesetter {
    /// `katex/SCRIPT/INSTALLATION`: the script's version and the stamp of the KaTeX found, so
    /// that an upgrade of KaTeX typesets every formula again.
    package let identity: String
    /// The Node.js program to run.
    package let node: String
    /// Where KaTeX may be: module names and paths, tried in order.
    package let modules: [String]

    /// A typesetter that runs `node` (by default Debian's `/usr/bin/node`) with Debian's KaTeX.
    package init(node: String = "/usr/bin/node", modules: [String]? = nil) {
        self.node = node
        self.modules = modules ?? KaTeXScript.modules
        identity = "katex/\(KaTeXScript.version)" + (Self.installationStamp(modules: self.modules).map { "/" + $0 } ?? "")
    }

    /// The inode, size and modification time of the first of `modules` there is: a `stat`,
    /// where asking Node would take a process. Nil when none is there.
    static func installationStamp(modules: [String]) -> String? {
        for module in modules where module.hasPrefix("/") {
            var info = stat()
            guard stat(module, &info) == 0 else { continue }
            return info.replacementStamp
        }
        return nil
    }

    package func typeset(_ formulas: [MathFormula]) throws(TypesetterUnavailable) -> [TypesetMath] {
        guard !formulas.isEmpty else { return [] }
        guard access(node, X_OK) == 0 else {
            throw TypesetterUnavailable("no Node.js at \(node) to run KaTeX")
        }
        let request = try KaTeXBatch.request(formulas)
        let modulesJSON = String(decoding: try JSONSerialization.data(withJSONObject: modules.map { $0 as NSString }), as: UTF8.self)
        let output = try NodeRun(node: node, arguments: ["-e", KaTeXScript.source, modulesJSON], timeout: .seconds(60 + request.count / 16_384))
            .run(input: request)
        return try KaTeXBatch.answers(output, count: formulas.count)
    }
}

extension JSONSerialization {
    /// Data for a JSON value, with failures as a ``TypesetterUnavailable`` (there are none for
    /// the arrays of strings and booleans this module writes).
    fileprivate static func data(withJSONObject value: Any) throws(TypesetterUnavailable) -> Data {
        do { return try data(withJSONObject: value, options: []) } catch {
            throw TypesetterUnavailable("cannot write a batch for KaTeX: \(error)")
        }
    }
}
