import Diagnostics
import SiteSource

extension SiteBuilder {
    /// At most this many problems are quoted: a blog with hundreds of errors is not read again
    /// file by file to show them all.
    static let quotedLimit = 100

    /// `diagnostics`, each one with a line given the lines around it from its file
    /// (``SourceExcerpt``). A file that cannot be read again (the default theme's, a file gone
    /// since) leaves its diagnostic as it was.
    func quoting(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var texts: [String: String?] = [:]
        var quoted = 0
        return diagnostics.map { diagnostic in
            guard let line = diagnostic.line, diagnostic.excerpt == nil, quoted < Self.quotedLimit else { return diagnostic }
            if texts[diagnostic.path] == nil {
                texts[diagnostic.path] = source.fileExists(diagnostic.path) ? try? source.text(of: diagnostic.path) : String?.none
            }
            guard let text = texts[diagnostic.path] ?? nil else { return diagnostic }
            var said = diagnostic
            said.excerpt = SourceExcerpt(of: text, line: line, column: diagnostic.column)
            quoted += 1
            return said
        }
    }
}
