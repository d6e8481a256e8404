import Previews

/// Which site of `galley host` a request's `Host` header names, worked out from the header alone
/// so that nothing a client writes there reaches the file system but one valid DNS label.
enum HostRoute: Equatable, Sendable {
    /// The bare domain: the index of previews.
    case index
    /// `<label>.<domain>`.
    case site(label: String)
    /// A name under the domain that cannot be a preview (`a.b.<domain>`, `-x.<domain>`): 404.
    case unknown
    /// A name outside the domain, an address, or a header that is not a host name: 421, this
    /// server does not answer for it.
    case foreign
    /// The production site's own domain (`--production-domain`).
    case production
    /// `www.` and the production domain: sent to the production domain.
    case productionAlias

    /// The route for a `Host` value such as `post-hello.previews.example.com:8080`, under
    /// `domain` (lowercase, without a trailing dot), and for the production site's own domain
    /// when it has one (lowercase too).
    init(authority: String, domain: String, productionDomain: String? = nil) {
        var host = Substring(authority)
        // A port, if any, is digits after the last colon; an IPv6 literal is never ours.
        if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port)! <= 65535 else {
                self = .foreign
                return
            }
            host = host[..<colon]
        }
        if host.last == "." { host = host.dropLast() }
        guard !host.isEmpty, host.utf8.count <= 253,
            host.utf8.allSatisfy({ Self.isNameByte($0) })
        else {
            self = .foreign
            return
        }
        let name = host.lowercased()
        if let productionDomain {
            if name == productionDomain {
                self = .production
                return
            }
            if name == "www." + productionDomain {
                self = .productionAlias
                return
            }
        }
        if name == domain {
            self = .index
            return
        }
        guard name.hasSuffix("." + domain) else {
            self = .foreign
            return
        }
        let label = String(name.dropLast(domain.count + 1))
        self = Self.isLabel(label) ? .site(label: label) : .unknown
    }

    /// Whether `text` is one DNS label as preview labels are (see ``PreviewLabel/isLabel(_:)``).
    static func isLabel(_ text: String) -> Bool { PreviewLabel.isLabel(text) }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
        }
    }
}
