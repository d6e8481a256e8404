/// Writes XML a line an element, escaping every text and attribute value itself, so a feed or
/// a sitemap cannot be broken by a title that holds `<` or an address that holds `&`.
///
/// Elements written inside ``inline(_:)`` share one line, as a sitemap's `<url>` or an Atom
/// `<author>` do.
package struct XMLWriter {
    package init() {}

    /// An attribute's name and its value, unescaped.
    package typealias Attribute = (name: String, value: String)

    package private(set) var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    private var lineBreak = "\n"

    /// `<name attributes>text</name>`.
    package mutating func element(_ name: String, _ attributes: [Attribute] = [], text content: String) {
        startTag(name, attributes, closed: false)
        text += HTMLEscape.xml(content)
        text += "</" + name + ">" + lineBreak
    }

    /// `<name attributes/>`.
    package mutating func empty(_ name: String, _ attributes: [Attribute] = []) {
        startTag(name, attributes, closed: true)
        text += lineBreak
    }

    /// `<name attributes>`, the elements `children` writes, and `</name>`, each on its own line.
    package mutating func element(_ name: String, _ attributes: [Attribute] = [], children: (inout XMLWriter) -> Void) {
        startTag(name, attributes, closed: false)
        text += lineBreak
        children(&self)
        text += "</" + name + ">" + lineBreak
    }

    /// What `body` writes, on one line that ends after it.
    package mutating func inline(_ body: (inout XMLWriter) -> Void) {
        let outer = lineBreak
        lineBreak = ""
        body(&self)
        lineBreak = outer
        text += lineBreak
    }

    private mutating func startTag(_ name: String, _ attributes: [Attribute], closed: Bool) {
        text += "<" + name
        for attribute in attributes {
            text += " " + attribute.name + "=\"" + HTMLEscape.xml(attribute.value) + "\""
        }
        text += closed ? "/>" : ">"
    }
}
