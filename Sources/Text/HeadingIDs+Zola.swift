import Foundation

package extension HeadingIDs {
    /// Zola's id (its `slugify.anchors = "on"`, the default): other scripts spelt in ASCII
    /// (`Ünï` is `uni`, `日本` is `ri-ben`), ASCII letters and digits kept lower-cased, any other
    /// run of characters one `-`, none at either end.
    ///
    /// Zola spells other scripts with its own table, Galley with the system's: for Latin letters
    /// with accents they agree; for other scripts they may differ now and then.
    static func zola(_ text: String) -> String {
        let ascii = text.unicodeScalars.allSatisfy(\.isASCII) ? text : spelledInASCII(text)
        var id: [UInt8] = []
        id.reserveCapacity(ascii.utf8.count)
        var pendingHyphen = false
        for var byte in ascii.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                if pendingHyphen && !id.isEmpty { id.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                id.append(byte)
            } else {
                pendingHyphen = true
            }
        }
        return String(decoding: id, as: UTF8.self)
    }

    private static func spelledInASCII(_ text: String) -> String {
        text.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? text
    }
}
