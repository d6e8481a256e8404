import SiteCompiler

/// Another generator's address pattern turned into Galley's, placeholder by placeholder.
struct PermalinkPattern: Sendable, Equatable {
    /// The pattern in Galley's words.
    var pattern: String
    /// The placeholders that have no Galley match, as written (`:i_month`).
    var unmapped: [String]

    /// `source` with each placeholder (a `:` and the letters, digits and `_` after it) replaced
    /// by what `placeholder` gives for its name, or kept and listed as unmapped when that is nil.
    /// Runs of `/` become one, as an empty placeholder leaves them.
    init(translating source: String, _ placeholder: (String) -> String?) {
        var pattern = "", unmapped: [String] = []
        var rest = Substring(source)
        while let colon = rest.firstIndex(of: ":") {
            pattern += rest[..<colon]
            let name = rest[rest.index(after: colon)...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if name.isEmpty {
                pattern += ":"
            } else if let replacement = placeholder(String(name)) {
                pattern += replacement
            } else {
                unmapped.append(":" + name)
                pattern += ":" + name
            }
            rest = rest[rest.index(colon, offsetBy: 1 + name.count)...]
        }
        pattern += rest
        while pattern.contains("//") { pattern = pattern.replacingOccurrences(of: "//", with: "/") }
        if !pattern.hasPrefix("/") { pattern = "/" + pattern }
        self.pattern = pattern
        self.unmapped = unmapped
    }
}
