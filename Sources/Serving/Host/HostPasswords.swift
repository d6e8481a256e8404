import Foundation
import Previews

/// The names and passwords `galley host --password-file` lets in, read from a file of
/// `name:password` lines (blank lines and lines starting with `#` are skipped). Previews can
/// hold posts not yet published; production never asks.
package struct HostPasswords: Sendable {
    private let accounts: [(name: [UInt8], password: [UInt8])]

    /// Reads `path`; a line without a colon, or a file with no account, is an error naming the line.
    package init(file path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServeError(message: "cannot read the password file \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ServeError(message: "\(path): not UTF-8 text") }
        var accounts: [(name: [UInt8], password: [UInt8])] = []
        // Split on any line end: "\r\n", one Character to Swift, never equals "\n".
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, line.index(after: colon) != line.endIndex else {
                throw ServeError(message: "\(path):\(index + 1): expected name:password")
            }
            let password = line[line.index(after: colon)...]
            // An htpasswd file's hashes would be taken as the passwords, and no reviewer's typed
            // password would ever match: the previews would be shut to everyone, without a word.
            if let scheme = Self.hashSchemes.first(where: { password.hasPrefix($0) }) {
                throw ServeError(message: "\(path):\(index + 1): the password is a hash (\(scheme)…), as htpasswd writes; "
                    + "this file holds each password as it is typed, name:password")
            }
            accounts.append((Array(line[..<colon].utf8), Array(password.utf8)))
        }
        guard !accounts.isEmpty else { throw ServeError(message: "\(path): no name:password line") }
        self.accounts = accounts
    }

    /// How the hashes htpasswd and its kin write begin: Apache's MD5, bcrypt, SHA-1, crypt's
    /// SHA-256 and SHA-512.
    static let hashSchemes = ["$apr1$", "$2y$", "$2a$", "$2b$", "{SHA}", "$5$", "$6$", "$1$"]

    /// Whether an `Authorization` header carries the name and password of an account. Every
    /// account is compared, each in constant time, so the time taken tells nothing either.
    func admits(_ header: String?) -> Bool {
        guard let header, header.count <= 4096 else { return false }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
            let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
        else { return false }
        let name = Array(decoded[..<colon]), password = Array(decoded[(colon + 1)...])
        var admitted = false
        for account in accounts {
            let nameMatches = ConstantTime.equal(name, account.name), passwordMatches = ConstantTime.equal(password, account.password)
            admitted = (nameMatches && passwordMatches) || admitted
        }
        return admitted
    }

    /// What a 401 answer carries so that browsers ask for the name and password.
    static let challenge = #"Basic realm="Galley previews", charset="UTF-8""#
}
