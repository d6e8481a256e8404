import Diagnostics
import FrontMatter
import SiteCompiler

/// Another generator's settings file, read with Galley's own readers (the same limits, and
/// errors at a line), into the value `galley.yml` gives.
enum SettingsFile {
    /// The file `relative` of `source`, in the language its extension names.
    static func read(_ relative: String, from source: SourceFolder) throws(ImportError) -> YAMLValue {
        let format: SettingsDocument.Format =
            switch relative.split(separator: ".").last?.lowercased() {
            case "toml": .toml
            case "json": .json
            default: .yaml
            }
        let text = try source.text(of: relative, limit: InputLimits.frontMatterBytes)
        do {
            return try SettingsDocument.parse(text, as: format, path: relative)
        } catch {
            throw ImportError(error.prefixed(by: source.path).description)
        }
    }

    /// The first of `candidates` that is a file in `source`.
    static func first(of candidates: [String], in source: SourceFolder) -> String? {
        candidates.first { source.isFile($0) }
    }
}
