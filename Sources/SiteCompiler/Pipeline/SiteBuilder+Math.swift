import Diagnostics
import FileSystem
import Foundation
import Markdown
import SiteContent
import Text
import Typesetting

/// Where the pipeline sets up math typesetting: the typesetter the build options give, asked
/// through the math cache in the cache folder.
extension SiteBuilder {
    /// The build's math typesetting; nil when the build has no typesetter or galley.yml says
    /// `math: false`.
    func mathTypesetting(config: SiteConfig, cacheFolder: URL?, reusing earlier: MathTypesetting? = nil) -> MathTypesetting? {
        guard config.math, let typesetter = options.typesetter else { return nil }
        // A build kept in memory goes on with the last one's answers, read from the file once.
        if let earlier, earlier.typesetter.identity == typesetter.identity, earlier.unavailable == nil { return earlier }
        return MathTypesetting(typesetter: typesetter, cache: HighlightCache(folder: cacheFolder, fileName: MathTypesetting.cacheFileName))
    }

    /// Sends the math of the bodies this build will render to the typesetter ahead of them, as
    /// ``prefetchCode(of:with:)`` sends their code.
    func prefetchMath(of selection: Selection, with typesetting: MathTypesetting?, syntax: Conventions.MathSyntax) {
        guard let typesetting else { return }
        let bodies: [String] = [selection.posts, selection.pages].joined().compactMap { entry in
            guard case .parsed(let document) = entry.content, !document.isHTML,
                UTF8Search.contains("$$", in: document.body) || UTF8Search.contains("\\\\", in: document.body)
                    || syntax.singleBackslashDelimiters && (UTF8Search.contains("\\(", in: document.body) || UTF8Search.contains("\\[", in: document.body))
            else { return nil }
            return document.body
        }
        guard !bodies.isEmpty else { return }
        let formulas = Parallel.map(bodies) { body -> [MathFormula] in
            var math = MathSpans(syntax: syntax)
            _ = math.protect(body, regions: MarkdownRegions(body, singleBackslashMath: syntax.singleBackslashDelimiters).math)
            return math.spans.map(\.formula)
        }.flatMap { $0 }
        typesetting.prefetch(formulas, threads: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The one warning of a build whose typesetter could not run.
    static func texMathWarning(_ problem: TypesetterUnavailable) -> Diagnostic {
        Diagnostic(path: SiteConfig.fileName, message: "math is left as TeX, not typeset: \(problem.message); "
            + "install KaTeX (Debian's katex), or set math: false to leave it to a script on the page")
    }
}
