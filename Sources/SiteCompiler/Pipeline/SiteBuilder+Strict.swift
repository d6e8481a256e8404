import Diagnostics
import FrontMatter
import Layouts
import LayoutScanning
import SiteContent

extension SiteBuilder {
    /// `--strict`: a tag in a layout that reads a name no value of this build has, which would
    /// print nothing (see ``LayoutVocabulary``). The blog's own names are galley.yml's keys and
    /// every published post's and page's front matter keys, at any depth, and the theme's words
    /// (`site.strings.*`).
    func unknownLayoutNames(theme: Theme, site: Site) -> [Diagnostic] {
        var names = Set(theme.words.keys)
        func collect(_ value: YAMLValue) {
            switch value {
            case .mapping(let pairs, _):
                for pair in pairs {
                    names.insert(pair.key)
                    collect(pair.value)
                }
            case .sequence(let items, _): items.forEach(collect)
            case .scalar, .null: break
            }
        }
        for (key, value) in site.config.params {
            names.insert(key)
            collect(value)
        }
        for document in (site.posts + site.pages).lazy.map(\.document) {
            for (key, value) in document.params {
                names.insert(key)
                collect(value)
            }
        }
        return LayoutVocabulary.unknownNames(in: theme.texts, origins: theme.origins, blogNames: names)
    }
}
