/// A page's values taken apart: the shape, which two pages share when a layout takes the same
/// path through both, and the leaves, the texts that only fill the slots of that path.
///
/// The shape holds every dictionary's keys, every array's length, every boolean, which strings
/// are empty and the line breaks others end with; the leaves are the other strings, the numbers
/// and the dates, in the order the shape meets them (keys sorted).
struct PageShape {
    var key: [UInt8] = []
    var leaves: [Leaf] = []

    enum Leaf: Sendable {
        /// A string, of which the slot prints the first `keep` bytes: the line breaks after them
        /// are in the shape, and so in the stencil's own text.
        case text(String, keep: Int)
        case integer(Int)
        case number(Double)
        case date(DateValue)
    }

    /// Thrown for a value of a type this does not know, whose text a shape cannot tell apart.
    struct Unknown: Error {}

    /// What one dictionary adds to a shape and its leaves, which are the same wherever it sits:
    /// walked once for a value many pages hold (see ``SummaryFragments``) rather than again for each.
    struct Fragment: Sendable {
        fileprivate let key: [UInt8]
        fileprivate let leaves: [Leaf]

        /// The fragment of `value`; nil when it holds a value of a type shapes do not know.
        init?(_ value: [String: Any]) {
            var walk = Walk(recorder: nil)
            do { _ = try walk.map(value, isRoot: false) } catch { return nil }
            // Kept for the whole build, one for each post: without the room the walk's arrays
            // grew into, which was a third of them.
            key = Self.exactly(walk.shape.key)
            leaves = Self.exactly(walk.shape.leaves)
        }

        private static func exactly<Element>(_ elements: [Element]) -> [Element] {
            var copy: [Element] = []
            copy.reserveCapacity(elements.count)
            copy.append(contentsOf: elements)
            return copy
        }
    }

    /// The shape of a layout's values, whose `site` is the build's (the same on every page).
    /// With a recorder, also the skeleton a layout renders in their place.
    static func of(_ values: [String: Any], recorder: SkeletonRecorder? = nil) throws(Unknown) -> (PageShape, skeleton: Any?) {
        var walk = Walk(recorder: recorder)
        let skeleton = try walk.map(values, isRoot: true)
        return (walk.shape, skeleton)
    }

    /// The shape of a layout's values, taking the parts of the post summaries they hold (at
    /// `summaries`) from those summaries' `fragments`. A fragment is used only where the value is
    /// a dictionary (or a list of as many), and must be that very summary's.
    static func of(_ values: [String: Any], summaries: SummaryPlaces, fragments: SummaryFragments?) throws(Unknown) -> PageShape {
        var walk = Walk(recorder: nil, summaries: summaries, fragments: fragments)
        _ = try walk.map(values, isRoot: true)
        return walk.shape
    }

    private struct Walk {
        var shape = PageShape()
        let recorder: SkeletonRecorder?
        /// Only for a walk without a recorder: a skeleton's slots are numbered by position.
        let summaries: SummaryPlaces
        let fragments: SummaryFragments?

        init(recorder: SkeletonRecorder?, summaries: SummaryPlaces = SummaryPlaces(), fragments: SummaryFragments? = nil) {
            self.recorder = recorder
            self.summaries = summaries
            self.fragments = fragments
        }

        mutating func add(_ fragment: Fragment) {
            shape.key += fragment.key
            shape.leaves += fragment.leaves
        }

        /// Adds the summaries `indices` as a list, from their fragments; false, with nothing
        /// added, when one of them has none.
        mutating func addList(_ indices: Range<Int>) -> Bool {
            guard let fragments else { return false }
            let keyCount = shape.key.count, leafCount = shape.leaves.count
            shape.key.append(0x5B)
            for index in indices {
                guard let fragment = fragments.fragment(index) else {
                    shape.key.removeSubrange(keyCount...)
                    shape.leaves.removeSubrange(leafCount...)
                    return false
                }
                add(fragment)
            }
            shape.key.append(0x5D)
            return true
        }

        mutating func visit(_ value: Any) throws(Unknown) -> Any? {
            let type = ObjectIdentifier(Swift.type(of: value))
            if type == Types.string { return string(value as! String) }
            if type == Types.dictionary { return try map(value as! [String: Any], isRoot: false) }
            if type == Types.bool {
                let bool = value as! Bool
                shape.key.append(bool ? 0x74 : 0x66)
                return recorder == nil ? nil : bool
            }
            if type == Types.integer { return slot(.integer(value as! Int), kind: .integer, tag: 0x69) }
            if type == Types.dictionaries { return try list(value as! [[String: Any]]) }
            if type == Types.date {
                let date = value as! DateValue
                shape.key.append(0x44)
                shape.leaves.append(.date(date))
                return recorder.map { DateSlot(recorder: $0, leaf: shape.leaves.count - 1, sample: date) }
            }
            if type == Types.array { return try list(value as! [Any]) }
            if type == Types.strings { return try list(value as! [String]) }
            if type == Types.number { return slot(.number(value as! Double), kind: .number, tag: 0x6E) }
            throw Unknown()
        }

        mutating func map(_ values: [String: Any], isRoot: Bool, children: [String: Int]? = nil) throws(Unknown) -> Any? {
            shape.key.append(0x7B)
            var skeleton: [String: Any] = [:]
            if recorder != nil { skeleton.reserveCapacity(values.count) }
            // Sorted pairs, not sorted keys looked up again: a page walks a dozen dictionaries.
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                append(key)
                if isRoot, key == "site" {
                    shape.key.append(0x53)
                    if recorder != nil { skeleton[key] = value }
                } else if let index = children?[key], ObjectIdentifier(Swift.type(of: value)) == Types.dictionary,
                    let fragment = fragments?.fragment(index)
                {
                    add(fragment)
                } else if isRoot, let indices = summaries.lists[key], ObjectIdentifier(Swift.type(of: value)) == Types.dictionaries,
                    (value as! [[String: Any]]).count == indices.count, addList(indices)
                {
                    // Added from the summaries' fragments.
                } else if isRoot, let grandchildren = summaries.children[key], ObjectIdentifier(Swift.type(of: value)) == Types.dictionary {
                    _ = try map(value as! [String: Any], isRoot: false, children: grandchildren)
                } else if let made = try visit(value) {
                    skeleton[key] = made
                }
            }
            shape.key.append(0x7D)
            return recorder.map { SkeletonMap(recorder: $0, values: skeleton) }
        }

        mutating func list<Item>(_ items: [Item]) throws(Unknown) -> Any? {
            shape.key.append(0x5B)
            var skeleton: [Any] = []
            if recorder != nil { skeleton.reserveCapacity(items.count) }
            for item in items {
                if let made = try visit(item) { skeleton.append(made) }
            }
            shape.key.append(0x5D)
            return recorder.map { SkeletonList(recorder: $0, items: skeleton) }
        }

        mutating func string(_ text: String) -> Any? {
            let utf8 = text.utf8
            var breaks = 0
            for byte in utf8.reversed() {
                guard byte == 0x0A || byte == 0x0D else { break }
                breaks += 1
            }
            if breaks == utf8.count {
                // Empty, or nothing but line breaks: the text is the shape (and prints as it is).
                shape.key.append(0x6C)
                append(text)
                return recorder == nil ? nil : text
            }
            guard breaks > 0 else { return slot(.text(text, keep: utf8.count), kind: .string, tag: 0x73) }
            let suffix = String(decoding: utf8.suffix(breaks), as: UTF8.self)
            shape.key.append(0x62)
            append(suffix)
            return slot(.text(text, keep: utf8.count - breaks), kind: .string, tag: 0x73, suffix: suffix)
        }

        mutating func slot(_ leaf: Leaf, kind: SlotValue.Kind, tag: UInt8, suffix: String = "") -> Any? {
            shape.key.append(tag)
            shape.leaves.append(leaf)
            return recorder.map {
                SlotValue(recorder: $0, emission: Emission(leaf: shape.leaves.count - 1, part: .whole), kind: kind, suffix: suffix)
            }
        }

        /// A name or a text, its length first, so that no two sequences of them read the same.
        mutating func append(_ text: String) {
            var count = text.utf8.count
            repeat {
                shape.key.append(UInt8(count & 0x7F) | (count > 0x7F ? 0x80 : 0))
                count >>= 7
            } while count > 0
            if let appended: Void = text.utf8.withContiguousStorageIfAvailable({ shape.key.append(contentsOf: $0) }) {
                return appended
            }
            shape.key += text.utf8
        }
    }

    /// The types a page's values come in, compared by identity: a cast from `Any` to a protocol
    /// is what makes swift-mustache slow, and a comparison of types costs next to nothing.
    private enum Types {
        static let string = ObjectIdentifier(String.self)
        static let dictionary = ObjectIdentifier([String: Any].self)
        static let bool = ObjectIdentifier(Bool.self)
        static let integer = ObjectIdentifier(Int.self)
        static let number = ObjectIdentifier(Double.self)
        static let dictionaries = ObjectIdentifier([[String: Any]].self)
        static let array = ObjectIdentifier([Any].self)
        static let strings = ObjectIdentifier([String].self)
        static let date = ObjectIdentifier(DateValue.self)
    }
}
