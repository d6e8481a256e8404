import Foundation
import Text

/// A layout's output for one page shape, with a slot wherever a page's own value goes: filling
/// the slots with another page of that shape gives what swift-mustache renders for it.
package struct Stencil: Sendable {
    private let pieces: [Piece]
    /// The bytes of the output's own text, for the room a page needs.
    private let textCount: Int
    /// Each repeated list's bytes of text an item prints (its joiner's with it), and its
    /// slots: with the lists' lengths, the room a page needs for them.
    private let perItem: [(list: Int, text: Int, slots: Int)]

    // Strings, appended to a string: a page made as bytes would be checked again as UTF-8.
    private enum Piece: Sendable {
        case text(String)
        case slot(Emission, escaped: Bool)
        /// A repeated list's items (see ``PageShape/Repeat``): `item` for each, `joiner` between two.
        case repeated(list: Int, item: [Piece], joiner: [Piece])
    }

    /// The stencil of a skeleton render's output, or nil when it holds a mark of a slot the
    /// render did not record, or prints a repeated list's items otherwise than one after
    /// another, each alike (`iterations`: how many times each list was rendered as a section).
    init?(skeleton output: String, emissions: [Emission], iterations: [Int: Int] = [:]) {
        var output = output
        guard let raw = output.withUTF8({ bytes -> [Piece]? in
            var pieces: [Piece] = []
            var copied = 0, index = 0
            func keep(upTo end: Int) {
                guard end > copied else { return }
                pieces.append(.text(String(decoding: bytes[copied..<end], as: UTF8.self)))
            }
            while index < bytes.count {
                guard let found = memchr(bytes.baseAddress! + index, Int32(SlotMarker.lead), bytes.count - index) else { break }
                index = UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer(found))
                // A noncharacter of the layout's or the site's own, not followed by this
                // process's nonce, is text like any other.
                guard let (number, escaped, end) = SlotMarker.parse(bytes, at: index) else {
                    index += 1
                    continue
                }
                guard number < emissions.count else { return nil }
                keep(upTo: index)
                pieces.append(.slot(emissions[number], escaped: escaped))
                index = end
                copied = end
            }
            keep(upTo: bytes.count)
            return pieces
        }) else { return nil }
        guard let pieces = Self.folded(raw, iterations: iterations) else { return nil }
        self.pieces = pieces
        textCount = pieces.reduce(0) { total, piece in
            guard case .text(let text) = piece else { return total }
            return total + text.utf8.count
        }
        perItem = pieces.compactMap { piece in
            guard case .repeated(let list, let item, let joiner) = piece else { return nil }
            var text = 0, slots = 0
            for piece in item + joiner {
                switch piece {
                case .text(let part): text += part.utf8.count
                case .slot: slots += 1
                case .repeated: break
                }
            }
            return (list, text, slots)
        }
    }

    /// The page whose leaves and repeated lists are `shape`'s; nil when one of its dates prints
    /// a text that the skeleton's mark could not stand for (empty, or with a line break or a
    /// tag in it).
    func fill(_ shape: PageShape) -> String? {
        var output = ""
        // Room for the lists too, a few dozen bytes a slot: the archive's ten thousand items
        // otherwise made its page grow a dozen times, each a copy of all before.
        var room = textCount + 4096
        for (list, text, slots) in perItem where list < shape.repeats.count {
            room += shape.repeats[list].count * (text + 32 * slots)
        }
        output.reserveCapacity(room)
        guard Self.append(pieces, shape: shape, item: nil, to: &output) else { return nil }
        return output
    }

    private static func append(_ pieces: [Piece], shape: PageShape, item: ArraySlice<PageShape.Leaf>?, to output: inout String) -> Bool {
        for piece in pieces {
            switch piece {
            case .text(let text):
                output += text
            case .slot(let emission, let escaped):
                let leaf: PageShape.Leaf
                if emission.item != nil {
                    guard let item, emission.leaf < item.count else { return false }
                    leaf = item[item.startIndex + emission.leaf]
                } else {
                    guard emission.leaf < shape.leaves.count else { return false }
                    leaf = shape.leaves[emission.leaf]
                }
                guard append(leaf, emission.part, escaped: escaped, to: &output) else { return false }
            case .repeated(let list, let itemPieces, let joiner):
                guard list < shape.repeats.count else { return false }
                let repeated = shape.repeats[list]
                for index in 0..<repeated.count {
                    if index > 0, !append(joiner, shape: shape, item: item, to: &output) { return false }
                    guard append(itemPieces, shape: shape, item: repeated.item(index), to: &output) else { return false }
                }
            }
        }
        return true
    }

    private static func append(_ leaf: PageShape.Leaf, _ part: Emission.Part, escaped: Bool, to output: inout String) -> Bool {
        switch (leaf, part) {
        case (.text(let value, let keep), .whole):
            if keep == value.utf8.count {
                output += escaped ? HTMLEscape.text(value) : value
            } else {
                // The line breaks it ends with are the stencil's own text.
                let kept = value[..<value.utf8.index(value.startIndex, offsetBy: keep)]
                if escaped { output += HTMLEscape.text(String(kept)) } else { output += kept }
            }
        case (.integer(let value), .whole):
            output += String(describing: value)  // digits: nothing to escape
        case (.number(let value), .whole):
            output += String(describing: value)
        case (.date(let date), let part):
            guard let value = text(of: date, part), isPlain(value) else { return false }
            output += escaped ? HTMLEscape.text(value) : value
        default:
            return false
        }
        return true
    }

    /// `pieces` with each section over a repeated list, which the skeleton printed as its
    /// first item's part, what lies between, and its second item's part, made one piece that
    /// repeats the part for every item; nil when a list was printed any other way.
    private static func folded(_ pieces: [Piece], iterations: [Int: Int]) -> [Piece]? {
        func item(_ piece: Piece) -> Emission.Item? {
            if case .slot(let emission, _) = piece { return emission.item }
            return nil
        }
        var folded: [Piece] = []
        var sections: [Int: Int] = [:]
        var index = 0
        while index < pieces.count {
            guard let first = item(pieces[index]) else {
                folded.append(pieces[index])
                index += 1
                continue
            }
            // A section prints the first item's slots, then the second's.
            guard first.index == 0 else { return nil }
            var lastOfFirst = index, next = index + 1
            while next < pieces.count {
                if let other = item(pieces[next]) {
                    guard other.list == first.list else { return nil }
                    if other.index == 1 { break }
                    lastOfFirst = next
                }
                next += 1
            }
            guard next < pieces.count else { return nil }
            let firstOfSecond = next
            var lastOfSecond = next
            next += 1
            while next < pieces.count, item(pieces[next]).map({ $0.list == first.list && $0.index == 1 }) ?? true {
                if item(pieces[next]) != nil { lastOfSecond = next }
                next += 1
            }
            let one = pieces[index...lastOfFirst], two = pieces[firstOfSecond...lastOfSecond]
            guard one.count == two.count, zip(one, two).allSatisfy(alike) else { return nil }
            folded.append(.repeated(list: first.list, item: Array(one), joiner: Array(pieces[(lastOfFirst + 1)..<firstOfSecond])))
            sections[first.list, default: 0] += 1
            index = lastOfSecond + 1
        }
        // Every section over a list printed its items' slots: none printed them without any.
        guard sections == iterations else { return nil }
        return folded
    }

    /// Whether the first item's piece `one` and the second's `two` print alike for their items.
    private static func alike(_ one: Piece, _ two: Piece) -> Bool {
        switch (one, two) {
        case (.text(let a), .text(let b)):
            return a == b
        case (.slot(let a, let aEscaped), .slot(let b, let bEscaped)):
            guard aEscaped == bEscaped, a.leaf == b.leaf, a.part == b.part else { return false }
            switch (a.item, b.item) {
            case (nil, nil): return true
            case (let x?, let y?): return x.list == y.list && x.index == 0 && y.index == 1
            default: return false
            }
        default:
            return false
        }
    }

    private static func text(of date: DateValue, _ part: Emission.Part) -> String? {
        switch part {
        case .whole: date.renderText
        case .dateField(let name):
            // Most are texts already (`iso8601`, `compact`): a cast, where describing an `Any`
            // asks the runtime which protocols it conforms to, for each date of a long list.
            switch date.child(named: name) {
            case let text as String: text
            case let value?: String(describing: value)
            case nil: nil
            }
        case .dateFormat(let pattern): date.formatted(pattern)
        }
    }

    /// Whether a date's text prints as its mark did: not empty, and with no line break
    /// (indented partials indent after one).
    private static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
    }
}
