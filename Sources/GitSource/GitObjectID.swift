import CLibGit2

/// A commit or blob id, as 40 hexadecimal digits.
package struct GitObjectID: Hashable, Sendable, CustomStringConvertible, Codable {
    package let hex: String

    /// An id from its hexadecimal form.
    package init?(hex: String) {
        guard hex.count == 40, hex.allSatisfy(\.isHexDigit) else { return nil }
        self.hex = hex.lowercased()
    }

    init(_ oid: git_oid) {
        var oid = oid
        var buffer = [CChar](repeating: 0, count: 41)
        git_oid_tostr(&buffer, 41, &oid)
        hex = String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    var oid: git_oid {
        var oid = git_oid()
        git_oid_fromstr(&oid, hex)
        return oid
    }

    /// The first seven digits, as git shows them.
    package var short: String { String(hex.prefix(7)) }
    package var description: String { hex }

    package init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = GitObjectID(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a git object id: \(text)"))
        }
        self = id
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
