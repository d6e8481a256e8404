import Foundation
import Text

/// A layout's output for one page shape, with a slot wherever a page's own value goes: filling
/// the slots with another page of that shape gives what swift-mustache renders for it.
struct Stencil: Sendable {
    private let pieces: [Piece]
    /// The bytes of the output's own text, for the room a page needs.
    private let textCount: Int

    // Strings, appended to a string: a page made as bytes would be checked again as UTF-8.
    private enum Piece: Sendable {
        case text(String)
        case slot(Emission, escaped: Bool)
    }

    /// The stencil of a skeleton render's output, or nil when it holds a mark of a slot the
    /// render did not record.
    init?(skeleton output: String, emissions: [Emission]) {
        var output = output
        guard let pieces = output.withUTF8({ bytes -> [Piece]? in
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
        self.pieces = pieces
        textCount = pieces.reduce(0) { total, piece in
            guard case .text(let text) = piece else { return total }
            return total + text.utf8.count
        }
    }

    /// The page whose leaves are `leaves`; nil when one of its dates prints a text that the
    /// skeleton's mark could not stand for (empty, or with a line break or a tag in it).
    func fill(_ leaves: [PageShape.Leaf]) -> String? {
        var output = ""
        output.reserveCapacity(textCount + 4096)
        for piece in pieces {
            switch piece {
            case .text(let text):
                output += text
            case .slot(let emission, let escaped):
                guard emission.leaf < leaves.count else { return nil }
                switch (leaves[emission.leaf], emission.part) {
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
                    guard let value = Self.text(of: date, part), Self.isPlain(value) else { return nil }
                    output += escaped ? HTMLEscape.text(value) : value
                default:
                    return nil
                }
            }
        }
        return output
    }

    private static func text(of date: DateValue, _ part: Emission.Part) -> String? {
        switch part {
        case .whole: date.renderText
        case .dateField(let name): date.child(named: name).map { String(describing: $0) }
        case .dateFormat(let pattern): date.formatted(pattern)
        }
    }

    /// Whether a date's text prints as its mark did: not empty, and with no line break
    /// (indented partials indent after one).
    private static func isPlain(_ text: String) -> Bool {
        !text.isEmpty && !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D })
    }
}
