import Diagnostics

/// A settings file or front matter written for another generator (Jekyll's `_config.yml`,
/// Hugo's `hugo.toml`, a Zola section's `_index.md`), read into the ``YAMLValue`` that
/// `galley.yml` gives: the same readers, limits and line numbers as a build's own, for
/// `galley import`, which treats another generator's site as hostile input too.
package enum SettingsDocument {
    /// The languages a settings file may be written in.
    package enum Format: Sendable {
        case yaml, toml, json
    }

    /// The whole of `text`, a settings file at `path`, in `format`.
    package static func parse(_ text: String, as format: Format, path: String) throws(Diagnostic) -> YAMLValue {
        // The limit YAML has for galley.yml holds for every language here: a settings file is short.
        guard text.utf8.count <= InputLimits.frontMatterBytes else {
            throw Diagnostic(path: path, line: 1, message:
                "\(text.utf8.count / 1024) KB of settings is more than Galley reads (\(InputLimits.frontMatterBytes / 1024) KB)")
        }
        switch format {
        case .yaml:
            return try YAMLValue.parse(text, path: path)
        case .toml:
            return try TOMLFrontMatter.parse(text, path: path, firstLine: 1, what: "TOML")
        case .json:
            let bytes = Array(text.utf8)
            let (value, end, endLine) = try JSONFrontMatter.parse(bytes, path: path, what: "JSON")
            guard bytes[end...].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                throw Diagnostic(path: path, line: endLine, message: "text after the JSON object's closing '}'")
            }
            return value
        }
    }

    /// The front matter of `text`, a post or page at `path`, in any of the three languages;
    /// `.null` when it has none.
    package static func frontMatter(of text: String, path: String) throws(Diagnostic) -> YAMLValue {
        try FrontMatter.split(text, path: path).fields
    }

    /// Whether `bytes`, a file's first bytes, open with front matter in any of the three
    /// languages, as a build sees it.
    package static func opensWithFrontMatter(_ bytes: [UInt8]) -> Bool {
        FrontMatter.opens(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
    }
}
