import Failures
import Foundation

/// The configuration of a web server that serves Galley's previews (and the production site)
/// as `galley host` does, for teams that keep their own Apache, nginx or Caddy: `galley server-config`.
///
/// The templates hold `@TOKEN@`s for the folders and names, and production-only regions between
/// `#@production` and `#@end` lines, which are dropped when there is no production site.
package struct ServerConfig: Sendable, Equatable {
    /// The servers there is a configuration for.
    package enum Server: String, CaseIterable, Sendable {
        case apache, nginx, caddy
    }

    /// The destination folder of the previews (`--to` of deploy and watch).
    package var root: String
    /// The domain previews are served under.
    package var domain: String
    /// The production folder (`--production-to`), served as `<folder>/current`.
    package var productionRoot: String?
    /// The production site's own name, such as `example.com`.
    package var productionDomain: String?

    /// Checks every value that goes into a configuration: a folder or name that could break out of
    /// its line (a quote, a space, a `;`, a brace) is refused rather than escaped.
    package init(root: String, domain: String, productionRoot: String? = nil, productionDomain: String? = nil) throws {
        self.root = try Self.folder(root, option: "--root")
        self.domain = try Self.name(domain, option: "--domain")
        guard (productionRoot == nil) == (productionDomain == nil) else {
            throw ServerConfigError("--production-root and --production-domain go together: the folder and the name it is served at")
        }
        self.productionRoot = try productionRoot.map { try Self.folder($0, option: "--production-root") }
        self.productionDomain = try productionDomain.map { try Self.name($0, option: "--production-domain") }
        if let productionDomain = self.productionDomain, productionDomain == self.domain || productionDomain.hasSuffix("." + self.domain) {
            throw ServerConfigError("--production-domain \(productionDomain) lies under the previews' domain \(self.domain); give it a name of its own")
        }
    }

    /// The configuration for `server`.
    package func text(for server: Server) -> String {
        let template = switch server {
        case .apache: apacheTemplate
        case .nginx: nginxTemplate
        case .caddy: caddyTemplate
        }
        var lines: [Substring] = []
        var inProduction = false
        for line in template.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "#@production" {
                inProduction = true
            } else if line == "#@end" {
                inProduction = false
            } else if !inProduction || productionRoot != nil {
                lines.append(line)
            }
        }
        var text = lines.joined(separator: "\n").replacingOccurrences(of: "@WHAT_IS_SERVED@", with: whatIsServed)
        let production = productionDomain ?? ""
        let httpNames = productionRoot == nil ? [] : [production, "www." + production]
        let tokens: [(String, String)] = [
            ("@DOMAIN_RE@", Self.regex(domain)), ("@ROOT_RE@", Self.regex(root)), ("@DOMAIN@", domain), ("@ROOT@", root),
            ("@PRODUCTION_ROOT@", productionRoot ?? ""), ("@PRODUCTION_DOMAIN@", production),
            ("@AND_PRODUCTION@", productionRoot == nil ? "" : " and the production site"),
            ("@PRODUCTION_NEEDS@", productionRoot == nil ? "" : ",\n# and DNS records and a certificate for \(production) and www.\(production)"),
            ("@HTTP_NAME@", httpNames.first ?? domain), ("@HTTP_ALIASES@", (httpNames.dropFirst() + ["*." + domain]).joined(separator: " ")),
            ("@HTTP_NAMES@", (httpNames + ["." + domain]).joined(separator: " ")),
            ("@HTTP_SITES@", (httpNames + ["*." + domain]).map { "http://" + $0 }.joined(separator: ", ")), ("@COMMAND@", command(for: server)),
        ]
        for (token, value) in tokens { text = text.replacingOccurrences(of: token, with: value) }
        return text + "\n"
    }

    /// The lines at the top of every configuration that say what it serves from where.
    private var whatIsServed: String {
        var lines = [
            "# - Previews: https://<label>.@DOMAIN@/ from @ROOT@/<label>.@DOMAIN@,",
            "#   the link to the live release that `galley deploy --to @ROOT@` and `galley watch` swap.",
        ]
        if productionRoot != nil {
            lines += [
                "# - Production: https://@PRODUCTION_DOMAIN@/ from @PRODUCTION_ROOT@/current, the link that",
                "#   `--production-to @PRODUCTION_ROOT@` swaps (its releases live in @PRODUCTION_ROOT@/.galley, never served).",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// The command that prints this configuration.
    package func command(for server: Server) -> String {
        var words = ["galley", "server-config", server.rawValue, "--root", root, "--domain", domain]
        if let productionRoot, let productionDomain { words += ["--production-root", productionRoot, "--production-domain", productionDomain] }
        return words.joined(separator: " ")
    }

    /// An absolute folder whose every character is safe in any line of either configuration.
    static func folder(_ path: String, option: String) throws -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let allowed = path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-/+".unicodeScalars.contains($0)) }
        let parts = path.split(separator: "/")
        guard path.hasPrefix("/"), path != "/", allowed, !parts.contains(".."), !parts.contains(".") else {
            throw ServerConfigError("\(option) '\(path)' must be an absolute folder such as /srv/previews, of letters, digits and . _ - + only")
        }
        return path
    }

    /// A domain name: dot-separated labels of letters, digits and inner hyphens, lowercased.
    static func name(_ text: String, option: String) throws -> String {
        var name = text.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.count >= 2 && name.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
        guard valid else { throw ServerConfigError("\(option) '\(text)' is not a domain name such as previews.example.com") }
        return name
    }

    /// `text` with its dots and pluses escaped: the only characters a checked folder or name
    /// holds that a regular expression reads specially.
    static func regex(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "." || character == "+" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

/// A value `galley server-config` cannot put in a configuration.
package struct ServerConfigError: Error, CustomStringConvertible, Sendable {
    package var description: String
    init(_ description: String) { self.description = description }
}

extension ServerConfigError: GalleyError {
    package var place: ErrorPlace? { nil }
    package var message: String { description }
    /// The options given cannot make a configuration.
    package var category: FailureCategory { .usage }
}
