import Diagnostics
import FileSystem
import Foundation
import FrontMatter
import SiteCompiler

/// A Hugo site's settings: `hugo.toml` (or `.yaml`, `.json`), the older `config.*`, or the
/// same names in `config/_default/`, with `params.*` beside them there.
struct HugoConfig: Sendable {
    /// The file the settings came from, from the site's top.
    var file: String
    var root: YAMLValue
    /// `params` from a `params.*` file of the config folder, which holds them there.
    var paramsFile: YAMLValue?
    /// That file's name, from the site's top.
    var paramsName: String?
    /// The other files of the config folder (`menus.toml`, `languages.toml`), which nothing reads.
    var otherFiles: [String] = []
    /// The files of the config folder beside a settings file at the top, which Hugo merges
    /// into it and the import does not read.
    var notMerged: [String] = []

    static let names = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]
    static let folder = "config/_default"
    /// The names a params file of the config folder may have.
    static let paramsFiles = ["toml", "yaml", "yml", "json"].map { "\(folder)/params.\($0)" }

    /// The settings file of `source`, when it has one.
    static func find(in source: SourceFolder) -> String? {
        SettingsFile.first(of: names.filter { $0.hasPrefix("hugo.") }, in: source)
            ?? names.filter { $0.hasPrefix("config.") }.first { source.isFile($0) && isHugo(source, $0) }
            ?? SettingsFile.first(of: names.map { folder + "/" + $0 }, in: source)
    }

    /// Whether the `config.*` file `name` is Hugo's rather than Zola's: Hugo names the address
    /// `baseURL` (any case), Zola `base_url`.
    static func isHugo(_ source: SourceFolder, _ name: String) -> Bool {
        guard let text = try? source.text(of: name, limit: InputLimits.frontMatterBytes) else { return false }
        return text.range(of: #"(?im)^[ \t]*["']?baseurl["']?[ \t]*[=:]"#, options: .regularExpression) != nil
    }

    static func read(_ source: SourceFolder) throws(ImportError) -> HugoConfig {
        try SettingsFile.refuseUnread(names + names.map { folder + "/" + $0 }
            + paramsFiles, in: source)
        guard let file = find(in: source) else {
            throw ImportError("\(source.path): no Hugo settings (hugo.toml, config.toml, or one of them in config/_default/)", kind: .notASite)
        }
        var config = HugoConfig(file: file, root: try SettingsFile.read(file, from: source))
        guard config.root.pairs != nil else { throw ImportError("\(source.path)/\(file): settings must be a table of keys") }
        if !file.hasPrefix(folder + "/"), source.isFolder(folder) {
            // Hugo merges the folder's settings into the top file's; the import reads one file.
            config.notMerged = source.walk(folder).files
        } else if file.hasPrefix(folder + "/") {
            let params = paramsFiles
            if let paramsName = SettingsFile.first(of: params, in: source) {
                config.paramsFile = try SettingsFile.read(paramsName, from: source)
                config.paramsName = paramsName
            }
            config.otherFiles = source.entries(of: folder).map(\.path).filter { $0 != file && !params.contains($0) }
        }
        return config
    }

    /// `params.KEY`, from the params file first, keys' case ignored as Hugo ignores it.
    func param(_ key: String) -> YAMLValue? {
        paramsFile?.value(ignoringCase: key) ?? root.value(ignoringCase: "params")?.value(ignoringCase: key)
    }

    /// A top-level key, its case ignored.
    subscript(key: String) -> YAMLValue? {
        root.value(ignoringCase: key)
    }

    /// The folder of the default language's content: `contentDir`, or the language's own
    /// `contentDir` under `languages`, or `content`; a path inside the site, or an error.
    func contentFolder(in source: SourceFolder) throws(ImportError) -> String {
        let language = self["defaultContentLanguage"]?.text ?? "en"
        let named = self["contentDir"]?.text ?? self["languages"]?.value(ignoringCase: language)?.value(ignoringCase: "contentDir")?.text
        return try folderInside(named ?? "content", key: "contentDir", source: source)
    }

    /// The static folder: `staticDir` (its first, when a list), or `static`.
    func staticFolder(in source: SourceFolder) throws(ImportError) -> String {
        let named = self["staticDir"]?.text ?? self["staticDir"]?.items?.first?.text
        return try folderInside(named ?? "static", key: "staticDir", source: source)
    }

    /// `path` as settings name it, once it is checked to stay inside the site.
    private func folderInside(_ path: String, key: String, source: SourceFolder) throws(ImportError) -> String {
        var trimmed = path
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if let problem = RelativePath.problem(with: trimmed, allowingControls: false) {
            throw ImportError("\(source.path)/\(file): \(key) '\(path)' \(problem): it must name a folder inside the site")
        }
        return trimmed
    }
}
