/// Whether a typesetter's answer is MathML and nothing else, before it goes into a page as it
/// is: the typesetter is another program reading a blog's (hostile) TeX, so its output is held
/// to elements and attributes that can neither run script nor load anything.
///
/// Every tag must be a MathML element (or KaTeX's wrapping `<span>`), every attribute one of
/// MathML's presentation attributes with a quoted value holding no markup, every element
/// closed in order, and text may hold no `<`. No attribute that takes an address or a style is
/// allowed, so none can carry `javascript:`.
package enum MathMLCheck {
    static let elements: Set<String> = [
        "span", "math", "semantics", "annotation", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msup", "msub",
        "msubsup", "mfrac", "msqrt", "mroot", "mstyle", "mpadded", "mphantom", "menclose", "mover", "munder", "munderover",
        "mtable", "mtr", "mtd", "mlabeledtr", "merror", "maligngroup", "malignmark", "mmultiscripts", "mprescripts", "none",
    ]

    static let attributes: Set<String> = [
        "class", "xmlns", "display", "encoding", "mathvariant", "mathcolor", "mathbackground", "mathsize", "stretchy", "fence",
        "separator", "lspace", "rspace", "width", "height", "depth", "voffset", "linethickness", "columnalign", "rowalign",
        "rowspacing", "columnspacing", "columnlines", "rowlines", "frame", "framespacing", "notation", "accent", "accentunder",
        "minsize", "maxsize", "symmetric", "movablelimits", "scriptlevel", "displaystyle", "largeop", "form", "align", "side",
        "equalrows", "equalcolumns", "bevelled", "numalign", "denomalign",
    ]

    /// Whether `html` is safe to put in a page as it is.
    static func isSafe(_ html: String) -> Bool {
        let bytes = Array(html.utf8)
        var open: [ArraySlice<UInt8>] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return false }
            guard byte == UInt8(ascii: "<") else { index += 1; continue }
            index += 1
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let name = word(bytes, from: &index)
            guard !name.isEmpty, elements.contains(String(decoding: name, as: UTF8.self)) else { return false }
            if closing {
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">"), open.popLast() == name else { return false }
                index += 1
                continue
            }
            // Attributes: ` name="value"`, each value free of quotes and markup.
            while index < bytes.count, bytes[index] == 0x20 {
                index += 1
                let attribute = word(bytes, from: &index)
                guard attributes.contains(String(decoding: attribute, as: UTF8.self)),
                    index + 1 < bytes.count, bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"")
                else { return false }
                index += 2
                guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\"")),
                    !bytes[index..<end].contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
                else { return false }
                index = end + 1
            }
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: ">") {
                index += 2
                continue
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return false }
            index += 1
            open.append(name)
        }
        return open.isEmpty
    }

    /// The lower-case letters (and `-`) from `index` on, which it passes.
    private static func word(_ bytes: [UInt8], from index: inout Int) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
        return bytes[start..<index]
    }
}
