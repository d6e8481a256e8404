/// The generators whose sites `galley import` reads.
package enum GeneratorKind: String, CaseIterable, Sendable {
    case jekyll, hugo, zola

    /// The generator's own name, as its users write it.
    package var name: String {
        switch self {
        case .jekyll: "Jekyll"
        case .hugo: "Hugo"
        case .zola: "Zola"
        }
    }

    /// The reader of this generator's sites.
    var generator: any SiteGenerator {
        switch self {
        case .jekyll: JekyllSite()
        case .hugo: HugoSite()
        case .zola: ZolaSite()
        }
    }

    /// The one generator whose site `source` is, or an error that says to name it with `--from`.
    static func detect(_ source: SourceFolder) throws(ImportError) -> GeneratorKind {
        let matches = allCases.filter { $0.generator.recognizes(source) }
        let choices = allCases.map(\.rawValue).joined(separator: "|")
        guard let only = matches.first else {
            throw ImportError("\(source.path): not a Jekyll (_config.yml, _posts/), Hugo (hugo.toml, config.toml with baseURL) or Zola (config.toml with base_url) site; if it is one, say which with --from \(choices)", kind: .notASite)
        }
        guard matches.count == 1 else {
            throw ImportError("\(source.path) looks like a site of \(matches.map(\.name).joined(separator: " and ")); say which with --from \(choices)", kind: .notASite)
        }
        return only
    }
}
