/// Values written into the YAML of new files, so that whatever a title holds (`: `, `#`, quotes,
/// a leading `-`) reads back as the same text.
enum FrontMatterText {
    /// `text` as a YAML double-quoted scalar: `"Tom \"Bombadil\": a life"`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                // Other controls, and the characters YAML does not allow as they are.
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0xFEFF || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                        : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
