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

    /// Refuses a settings file that is there as something the import does not read (a link,
    /// which it never follows, a folder, or a file inside a linked folder): without a word, the
    /// site's settings were left unread, and the report said the site had none, or no title.
    static func refuseUnread(_ candidates: [String], in source: SourceFolder) throws(ImportError) {
        for name in candidates {
            var path = ""
            for part in name.split(separator: "/") {
                path += path.isEmpty ? String(part) : "/" + part
                let kind = source.kind(of: path)
                let last = path == name
                guard kind == .link || kind == .other || (last && kind == .folder) else {
                    if kind == .unknown { break }
                    continue
                }
                let what = kind == .link ? "a symbolic link, which galley import does not follow" : kind == .folder ? "a folder" : "no regular file"
                throw ImportError("\(source.path)/\(path): is \(what), so the site's settings\(last ? "" : " in it") cannot be read: put the file itself there")
            }
        }
    }

    /// The first of `candidates` that is a file in `source`.
    static func first(of candidates: [String], in source: SourceFolder) -> String? {
        candidates.first { source.isFile($0) }
    }
}
