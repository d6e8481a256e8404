import Diagnostics

/// What one layout brings in and how deep it nests, read the way swift-mustache's parser reads
/// it: its delimiters, which each section keeps to itself (`{{=<% %>=}}` inside a section ends
/// with it), its comments, and blocks that are a parent's overrides (`{{$name}}` directly inside
/// `{{<parent}}`) rather than places to fill. ``LayoutGraph`` puts the layouts' scans together.
///
/// It is the one reader of layout text: ``LayoutReads`` and ``LayoutVocabulary`` take the tags
/// it keeps. It must see every partial swift-mustache sees, since it is what keeps a theme from
/// recursing.
package struct LayoutScan {
    /// A place where rendering goes on somewhere else: a partial or parent layout, or a block
    /// that a parent's override fills.
    package struct Reference {
        package enum Kind: Equatable {
            case partial, parent
            /// `{{$name}}` outside a parent: filled by the override of that name, if any.
            case block
        }

        package var kind: Kind
        package var name: String
        /// `{{>*name}}` or `{{<*name}}`: a layout named by a value.
        package var isDynamic: Bool
        package var line: Int
        /// Sections and blocks open around it within its fragment.
        package var level: Int
    }

    /// A stretch of the layout rendered as a whole: the layout itself (the first), or the body
    /// of an override `{{$name}}…{{/name}}` inside `{{<parent}}`, which is rendered wherever
    /// the parent's block of that name stands.
    package struct Fragment {
        /// The override's block name; nil for the layout itself.
        package var block: String?
        package var line: Int
        package var references: [Reference] = []
        /// The deepest nesting of sections and blocks within it.
        package var depth = 0
    }

    package private(set) var fragments: [Fragment] = [Fragment(block: nil, line: 1)]
    /// The line of a section, block or parent that opens more than `InputLimits.layoutDepth`
    /// levels deep: swift-mustache's parser would recurse that deep, one call per level.
    package private(set) var tooDeep: Int?

    /// Where a section, block or parent opens: its tag as written (`{{#tags}}`) and its place.
    package struct Opening: Equatable {
        package var sigil: Character
        package var name: String
        package var line: Int
        package var column: Int
    }

    /// The innermost section left open at the end of the layout.
    package private(set) var unclosed: Opening?
    /// A section closed by another name than it opened with: the section, and the name and
    /// place of the tag that closes it.
    package private(set) var misclosed: (opening: Opening, name: String, line: Int, column: Int)?

    private struct Frame {
        package var start: [Character]
        package var end: [Character]
        /// `{{<parent}}`'s own level, where `{{$name}}` is an override, until delimiters change.
        package var overridesHere = false
        /// The fragment an override's frame begins.
        package var fragment: Int?
        /// The tag that opened the frame; nil for the layout itself.
        package var opening: Opening?
    }

    private let text: [Character]
    private var position = 0
    private var line = 1
    /// Where the current line starts, for columns.
    private var lineStart = 0
    /// Where the tag being read starts.
    private var tagStart = 0
    private var frames: [Frame]

    package init(_ text: String) {
        self.text = Array(text)
        frames = [Frame(start: ["{", "{"], end: ["}", "}"])]
        scan()
    }

    /// Whether a tag's name may hold the character `ascii`, as the parser reads names: an ASCII
    /// letter or digit or one of `.-_?()*`, and `/` too in a partial's. Asked of the byte: a
    /// `Set<Character>` hashed every character it was asked about, some 17,000 instructions a name.
    private static func isNameCharacter(_ ascii: UInt8, inPartial: Bool) -> Bool {
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"):
            return true
        case UInt8(ascii: "/"):
            return inPartial
        default:
            return false
        }
    }

    /// A tag as the parser reads it, for readings that need no more than its kind and name.
    package struct Tag {
        /// `#`, `^`, `/`, `>`, `<`, `$`, `!`, `%`, `=`, `&`, `{` for a triple, or nil for a value.
        package var sigil: Character?
        /// The name, with `*` before the name of a partial or parent named by a value; empty for
        /// comments, pragmas and changed delimiters.
        package var body: String
        package var line: Int
    }

    /// The tags begun, whatever their kind, counting one the parser would fail on.
    package private(set) var tags = 0
    /// The tags read whole, in order.
    package private(set) var tagsRead: [Tag] = []
    /// Whether the text was read to its end: false where swift-mustache's parser would fail.
    package private(set) var isComplete = false
    /// Whether a tag changes the delimiters somewhere.
    package private(set) var changesDelimiters = false

    /// Reads to the end, or to where swift-mustache's parser would fail: that failure is then
    /// reported by the parser itself.

    private mutating func scan() {
        while position < text.count {
            guard matches(frames[frames.count - 1].start) else {
                step()
                continue
            }
            let tagLine = line
            tagStart = position
            tags += 1
            position += frames[frames.count - 1].start.count
            guard position < text.count, tag(at: tagLine) else { return }
        }
        isComplete = true
        if frames.count > 1 { unclosed = frames[frames.count - 1].opening }
    }

    private mutating func keep(_ sigil: Character?, _ body: String, line: Int) -> Bool {
        tagsRead.append(Tag(sigil: sigil, body: body, line: line))
        return true
    }

    /// The tag being read as an opening one, with its name.
    private func opening(_ sigil: Character, _ name: String, line: Int) -> Opening {
        Opening(sigil: sigil, name: name, line: line, column: tagStart - lineStart + 1)
    }

    /// Reads the tag whose sigil is at `position`; false where the parser would fail.
    private mutating func tag(at tagLine: Int) -> Bool {
        let sigil = text[position]
        switch sigil {
        case "#", "^":
            step()
            guard let section = name() else { return false }
            _ = keep(sigil, section, line: tagLine)
            return open(Frame(start: current.start, end: current.end, opening: opening(sigil, section, line: tagLine)), line: tagLine)
        case "/":
            step()
            let column = tagStart - lineStart + 1
            guard let closing = name(), frames.count > 1 else { return false }
            if let opened = current.opening, opened.name != closing {
                misclosed = (opened, closing, tagLine, column)
                return false
            }
            frames.removeLast()
            return keep("/", closing, line: tagLine)
        case "!":
            step()
            return skip(past: current.end) && keep("!", "", line: tagLine)
        case "{":
            step()
            guard let name = name(), position < text.count, text[position] == "}" else { return false }
            step()
            return keep("{", name, line: tagLine)
        case ">":
            step()
            skipWhitespace()
            let isDynamic = position < text.count && text[position] == "*"
            if isDynamic { step() }
            guard let partial = partialName() else { return false }
            record(.partial, partial, isDynamic: isDynamic, line: tagLine)
            return keep(">", isDynamic ? "*" + partial : partial, line: tagLine)
        case "<":
            step()
            skipWhitespace()
            guard let parent = partialName() else { return false }
            record(.parent, parent.hasPrefix("*") ? String(parent.dropFirst()) : parent, isDynamic: parent.hasPrefix("*"), line: tagLine)
            _ = keep("<", parent, line: tagLine)
            return open(Frame(start: current.start, end: current.end, overridesHere: true, opening: opening("<", parent, line: tagLine)),
                        line: tagLine)
        case "$":
            step()
            guard let block = name() else { return false }
            _ = keep("$", block, line: tagLine)
            if current.overridesHere {
                fragments.append(Fragment(block: block, line: tagLine))
                return open(Frame(start: current.start, end: current.end, fragment: fragments.count - 1,
                                  opening: opening("$", block, line: tagLine)), line: tagLine)
            }
            record(.block, block, isDynamic: false, line: tagLine)
            return open(Frame(start: current.start, end: current.end, opening: opening("$", block, line: tagLine)), line: tagLine)
        case "=":
            step()
            changesDelimiters = true
            return setDelimiters() && keep("=", "", line: tagLine)
        case "%":
            step()
            return skip(past: current.end) && keep("%", "", line: tagLine)
        default:
            if sigil == "&" { step() }
            guard let name = name() else { return false }
            return keep(sigil == "&" ? "&" : nil, name, line: tagLine)
        }
    }

    private var current: Frame { frames[frames.count - 1] }

    /// Sections and blocks open, counted from the start of the innermost override.
    private var level: Int {
        let start = frames.lastIndex { $0.fragment != nil } ?? 0
        return frames.count - 1 - start
    }

    private var fragment: Int { frames.last { $0.fragment != nil }?.fragment ?? 0 }

    private mutating func open(_ frame: Frame, line: Int) -> Bool {
        frames.append(frame)
        if frames.count - 1 > InputLimits.layoutDepth {
            tooDeep = line
            return false
        }
        fragments[fragment].depth = max(fragments[fragment].depth, level)
        return true
    }

    private mutating func record(_ kind: Reference.Kind, _ name: String, isDynamic: Bool, line: Int) {
        fragments[fragment].references.append(Reference(kind: kind, name: name, isDynamic: isDynamic, line: line, level: level))
    }

    // MARK: Reading

    private func matches(_ delimiter: [Character]) -> Bool {
        guard position + delimiter.count <= text.count else { return false }
        for offset in delimiter.indices where text[position + offset] != delimiter[offset] { return false }
        return true
    }

    private mutating func step() {
        if text[position].isNewline {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    private mutating func skipWhitespace() {
        while position < text.count && text[position].isWhitespace { step() }
    }

    /// The name starting here, read up to the first character a name cannot hold.
    private mutating func readName(inPartial: Bool) -> String {
        var bytes: [UInt8] = []
        // Every character of a name is one byte of ASCII, and none is a line break to count.
        while position < text.count {
            let utf8 = text[position].utf8
            guard utf8.count == 1, let byte = utf8.first, Self.isNameCharacter(byte, inPartial: inPartial) else { break }
            bytes.append(byte)
            position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Steps past the next `delimiter` as the parser's `read(untilString:)` finds it, which
    /// after a partial match goes on from the character that broke it (so `%%>` holds no `%>`);
    /// false when there is none.
    private mutating func skip(past delimiter: [Character]) -> Bool {
        var matched = 0
        while position < text.count {
            if text[position] == delimiter[matched] {
                matched += 1
                if matched == delimiter.count {
                    step()
                    return true
                }
            } else {
                matched = 0
            }
            step()
        }
        return false
    }

    /// A tag's name and its closing delimiter, as the parser's `parseName` reads them.
    private mutating func name() -> String? {
        skipWhitespace()
        let name = readName(inPartial: false)
        skipWhitespace()
        guard matches(current.end) else { return nil }
        position += current.end.count
        return name
    }

    private mutating func partialName() -> String? {
        skipWhitespace()
        let name = readName(inPartial: true)
        skipWhitespace()
        guard matches(current.end) else { return nil }
        position += current.end.count
        return name
    }

    /// `{{=<% %>=}}`: new delimiters for the rest of the current section.
    private mutating func setDelimiters() -> Bool {
        skipWhitespace()
        var start: [Character] = []
        while position < text.count && !text[position].isWhitespace {
            start.append(text[position])
            step()
        }
        guard position < text.count else { return false }
        skipWhitespace()
        var end: [Character] = []
        while position < text.count && !text[position].isWhitespace && text[position] != "=" {
            end.append(text[position])
            step()
        }
        guard position < text.count else { return false }
        skipWhitespace()
        guard position < text.count, text[position] == "=" else { return false }
        step()
        guard matches(current.end), !start.isEmpty, !end.isEmpty else { return false }
        position += current.end.count
        frames[frames.count - 1].start = start
        frames[frames.count - 1].end = end
        frames[frames.count - 1].overridesHere = false
        return true
    }
}
