/// A page's values taken apart: the shape, which two pages share when a layout takes the same
/// path through both, and the leaves, the texts that only fill the slots of that path.
///
/// The shape holds every dictionary's keys, every array's length, every boolean, which strings
/// are empty and the line breaks others end with; the leaves are the other strings, the numbers
/// and the dates, in the order the shape meets them (keys sorted). A long list of dictionaries
/// that all have one shape is a ``Repeat``: the shape holds that one shape, not the length.
package struct PageShape {
    var key: [UInt8] = []
    var leaves: [Leaf] = []
    /// The repeated lists, in the order the shape meets them; their items' leaves are here, not
    /// in `leaves`.
    var repeats: [Repeat] = []
    /// The lists the walk found repeated, by the address of their items: a skeleton made from
    /// the same values takes them as repeated without walking every item again.
    var repeatedLists: Set<Int> = []

    /// A list of at least ``least`` dictionaries of one shape, none of which holds a repeated
    /// list itself: the posts of a tag's page, of a year in the archive. Pages whose lists
    /// differ only in length share a shape, and so a stencil, which repeats one item's part.
    struct Repeat: Sendable {
        /// How many leaves each item has: at least one, since a stencil finds an item's part by
        /// its slots.
        var stride: Int
        /// Every item's leaves, one item after another: a slice, which a list of items walked
        /// before can share with the list they were walked in (see ``ItemPlaces``).
        var leaves: ArraySlice<Leaf>

        var count: Int { leaves.count / stride }

        init(stride: Int, leaves: ArraySlice<Leaf>) {
            self.stride = stride
            self.leaves = leaves
        }

        init(stride: Int, leaves: [Leaf]) {
            self.init(stride: stride, leaves: leaves[...])
        }

        /// The leaves of item `index`.
        func item(_ index: Int) -> ArraySlice<Leaf> {
            let start = leaves.startIndex + index * stride
            return leaves[start..<(start + stride)]
        }

        /// Shorter lists keep their length in the shape: a post's few tags, say, so that the
        /// posts that hold them can still repeat.
        static let least = 8
    }

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
        fileprivate let repeats: [Repeat]

        /// The fragment of `value` (with lists repeated as `repeats` says); nil when it holds a
        /// value of a type shapes do not know.
        init?(_ value: [String: Any], repeats: Bool) {
            var walk = Walk(recorder: nil, repeats: repeats)
            do { _ = try walk.map(value, isRoot: false) } catch { return nil }
            // Kept for the whole build, one for each post: without the room the walk's arrays
            // grew into, which was a third of them.
            key = Self.exactly(walk.shape.key)
            leaves = Self.exactly(walk.shape.leaves)
            self.repeats = walk.shape.repeats
        }

        private static func exactly<Element>(_ elements: [Element]) -> [Element] {
            var copy: [Element] = []
            copy.reserveCapacity(elements.count)
            copy.append(contentsOf: elements)
            return copy
        }
    }

    /// The shape of a layout's values, whose `site` is the build's (the same on every page),
    /// with long lists of one shape repeated when `repeats` says. With a recorder, also the
    /// skeleton a layout renders in their place.
    /// With a recorder, `known` are the lists the shape of these very values found repeated
    /// (``repeatedLists``): every other long list is taken as it is, without walking its items
    /// to find out again (the archive's years hold every post).
    static func of(_ values: [String: Any], repeats: Bool = true, recorder: SkeletonRecorder? = nil, known: Set<Int> = []) throws(Unknown)
        -> (PageShape, skeleton: Any?)
    {
        var walk = Walk(recorder: recorder, repeats: repeats, known: known, places: recorder == nil ? ItemPlaces() : nil)
        let skeleton = try walk.map(values, isRoot: true)
        return (walk.shape, skeleton)
    }

    /// The shape of a layout's values, taking the parts of the post summaries they hold (at
    /// `summaries`) from those summaries' `fragments`. A fragment is used only where the value is
    /// a dictionary (or a list of as many), and must be that very summary's.
    static func of(_ values: [String: Any], repeats: Bool = true, summaries: SummaryPlaces, fragments: SummaryFragments?) throws(Unknown) -> PageShape {
        var walk = Walk(recorder: nil, repeats: repeats, summaries: summaries, fragments: fragments, places: ItemPlaces())
        _ = try walk.map(values, isRoot: true)
        return walk.shape
    }

    private struct Walk {
        var shape = PageShape()
        let recorder: SkeletonRecorder?
        /// Only for a walk without a recorder: a skeleton's slots are numbered by position.
        let summaries: SummaryPlaces
        let fragments: SummaryFragments?
        /// Whether long lists of one shape are repeated (see ``Repeat``).
        let repeats: Bool
        /// In a skeleton, the item of a repeated list this walk makes: its slots name it.
        let item: Emission.Item?
        /// Lists known to be repeated (see ``PageShape/repeatedLists``).
        let known: Set<Int>
        /// The lists met so far that could repeat, by address, with what they came to: a tag
        /// page holds its posts twice (`posts`, `tag.posts`), one list.
        var met: [Int: WalkedList] = [:]
        /// The items of the repeated lists walked so far, shared by the walks of one page's values.
        let places: ItemPlaces?

        init(recorder: SkeletonRecorder?, repeats: Bool, item: Emission.Item? = nil, known: Set<Int> = [], summaries: SummaryPlaces = SummaryPlaces(),
             fragments: SummaryFragments? = nil, places: ItemPlaces? = nil) {
            self.recorder = recorder
            self.repeats = repeats
            self.item = item
            self.known = known
            self.summaries = summaries
            self.fragments = fragments
            self.places = places
        }

        mutating func add(_ fragment: Fragment) {
            shape.key += fragment.key
            shape.leaves += fragment.leaves
            shape.repeats += fragment.repeats
        }

        /// Adds a repeated list whose items have the shape `key`.
        mutating func addRepeat(key: [UInt8], _ items: Repeat) {
            shape.key += [0x5B, 0x2A]
            shape.key += key
            shape.key.append(0x5D)
            shape.repeats.append(items)
        }

        /// Adds a list walked apart from this walk, as it came.
        mutating func add(_ list: WalkedList, at address: Int) {
            switch list {
            case .repeated(let key, let items):
                addRepeat(key: key, items)
                shape.repeatedLists.insert(address)
            case .plain(let part):
                shape.key += part.key
                shape.leaves += part.leaves
                shape.repeats += part.repeats
                shape.repeatedLists.formUnion(part.repeatedLists)
            }
        }

        /// Whether fragments (or walks) of a list's items make it a ``Repeat``.
        func repeatable(count: Int) -> Bool { repeats && count >= Repeat.least }

        /// Adds the summaries `indices` as a list, from their fragments; false, with nothing
        /// added, when one of them has none.
        mutating func addList(_ indices: Range<Int>) -> Bool {
            guard let fragments else { return false }
            var list: [Fragment] = []
            list.reserveCapacity(indices.count)
            for index in indices {
                guard let fragment = fragments.fragment(index) else { return false }
                list.append(fragment)
            }
            if repeatable(count: list.count), let first = list.first, !first.leaves.isEmpty,
                list.allSatisfy({ $0.repeats.isEmpty && $0.key == first.key })
            {
                var leaves: [Leaf] = []
                leaves.reserveCapacity(list.count * first.leaves.count)
                for fragment in list { leaves += fragment.leaves }
                addRepeat(key: first.key, Repeat(stride: first.leaves.count, leaves: leaves))
                return true
            }
            shape.key.append(0x5B)
            for fragment in list { add(fragment) }
            shape.key.append(0x5D)
            return true
        }

        /// A list of dictionaries: a ``Repeat`` when long enough and all of one shape.
        mutating func dictionaries(_ items: [[String: Any]]) throws(Unknown) -> Any? {
            guard repeatable(count: items.count) else { return try list(items) }
            let address = Self.address(of: items)
            guard let recorder else {
                let walked: WalkedList
                if let known = met[address] {
                    walked = known
                } else if let repeated = places?.repeated(items) {
                    walked = repeated
                } else {
                    walked = try walk(items)
                    if case .repeated(let key, let list) = walked { places?.note(items, key: key, list) }
                }
                met[address] = walked
                add(walked, at: address)
                return nil
            }
            guard known.contains(address) else { return try list(items) }
            // A skeleton holds no leaves: only the list's number matters; and two items, between
            // which a stencil finds what one item prints.
            let number = shape.repeats.count
            shape.repeats.append(Repeat(stride: 1, leaves: []))
            var skeleton: [Any] = []
            for index in 0..<2 {
                var walk = Walk(recorder: recorder, repeats: repeats, item: Emission.Item(list: number, index: index))
                if let made = try walk.map(items[index], isRoot: false) { skeleton.append(made) }
            }
            return SkeletonRepeat(recorder: recorder, list: number, items: skeleton)
        }

        static func address(of items: [[String: Any]]) -> Int {
            items.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        }

        /// Walks each of `items` once: one ``Repeat`` when they share one shape (none holding a
        /// repeated list or having no leaf), else the list as a plain walk would add it.
        func walk(_ items: [[String: Any]]) throws(Unknown) -> WalkedList {
            var first: [UInt8] = []
            var leaves: [Leaf] = []
            // The plain list's key once an item differs; until then, every item's key is `first`.
            var plain: [UInt8]?
            var part = PageShape()
            // One walk for every item, emptied in between: it keeps the room its arrays grew to.
            var walk = Walk(recorder: nil, repeats: repeats, places: places)
            for (index, item) in items.enumerated() {
                walk.shape.key.removeAll(keepingCapacity: true)
                walk.shape.leaves.removeAll(keepingCapacity: true)
                walk.shape.repeats.removeAll(keepingCapacity: true)
                walk.shape.repeatedLists.removeAll(keepingCapacity: true)
                _ = try walk.map(item, isRoot: false)
                let fits = walk.shape.repeats.isEmpty && !walk.shape.leaves.isEmpty && (index == 0 || walk.shape.key == first)
                if plain == nil, !fits {
                    var key: [UInt8] = [0x5B]
                    for _ in 0..<index { key += first }
                    plain = key
                }
                if index == 0 {
                    first = Array(walk.shape.key)
                    leaves.reserveCapacity(items.count * walk.shape.leaves.count)
                }
                if plain != nil { plain! += walk.shape.key }
                leaves += walk.shape.leaves
                part.repeats += walk.shape.repeats
                part.repeatedLists.formUnion(walk.shape.repeatedLists)
            }
            guard var key = plain else { return .repeated(key: first, Repeat(stride: leaves.count / items.count, leaves: leaves)) }
            key.append(0x5D)
            part.key = key
            part.leaves = leaves
            return .plain(part)
        }

        mutating func visit(_ value: Any) throws(Unknown) -> Any? {
            let type = ObjectIdentifier(Swift.type(of: value))
            if type == Types.string { return string(Self.opened(value, as: String.self)) }
            if type == Types.dictionary { return try map(Self.opened(value, as: [String: Any].self), isRoot: false) }
            if type == Types.bool {
                let bool = Self.opened(value, as: Bool.self)
                shape.key.append(bool ? 0x74 : 0x66)
                return recorder == nil ? nil : bool
            }
            if type == Types.integer { return slot(.integer(Self.opened(value, as: Int.self)), kind: .integer, tag: 0x69) }
            if type == Types.dictionaries { return try dictionaries(Self.opened(value, as: [[String: Any]].self)) }
            if type == Types.date {
                let date = Self.opened(value, as: DateValue.self)
                shape.key.append(0x44)
                shape.leaves.append(.date(date))
                return recorder.map { DateSlot(recorder: $0, leaf: shape.leaves.count - 1, item: item, sample: date) }
            }
            if type == Types.array { return try list(Self.opened(value, as: [Any].self)) }
            if type == Types.strings { return try list(Self.opened(value, as: [String].self)) }
            if type == Types.number { return slot(.number(Self.opened(value, as: Double.self)), kind: .number, tag: 0x6E) }
            throw Unknown()
        }

        /// `value`, whose type is `type` (its `ObjectIdentifier` was compared): taken out of the
        /// `Any` as it is rather than cast, since a cast from `Any` goes through the runtime's
        /// general one (over a hundred thousand values for a thousand posts' pages). An `Any`
        /// held in another (a generic value that was an `Any` itself) is cast as before.
        static func opened<Value>(_ value: Any, as type: Value.Type) -> Value {
            // `Any` is not opened by being passed to a generic parameter (it can stand for one).
            func take<Opened>(_ opened: Opened) -> Value {
                Opened.self == Value.self ? unsafeBitCast(opened, to: Value.self) : value as! Value
            }
            return _openExistential(value, do: take)
        }

        mutating func map(_ values: [String: Any], isRoot: Bool, children: [String: Int]? = nil) throws(Unknown) -> Any? {
            shape.key.append(0x7B)
            var skeleton: [String: Any] = [:]
            if recorder != nil { skeleton.reserveCapacity(values.count) }
            // The keys' places sorted, and each value taken from its place once: sorting the pairs
            // copied every key and value into an array first (a page walks a dozen dictionaries).
            let keys = values.keys
            var order: [Dictionary<String, Any>.Index] = []
            order.reserveCapacity(values.count)
            var place = values.startIndex
            while place != values.endIndex {
                order.append(place)
                values.formIndex(after: &place)
            }
            order.sort { keys[$0] < keys[$1] }
            for place in order {
                let key = keys[place]
                let value = values.values[place]
                append(key)
                let repeatsBefore = shape.repeats.count
                if isRoot, key == "site" {
                    shape.key.append(0x53)
                    // Printed as it is, and counted: a pushed galley.yml's list is the site's.
                    if let recorder { skeleton[key] = recorder.counted(value) }
                } else if let index = children?[key], ObjectIdentifier(Swift.type(of: value)) == Types.dictionary,
                    let fragment = fragments?.fragment(index)
                {
                    add(fragment)
                } else if isRoot, let indices = summaries.lists[key], ObjectIdentifier(Swift.type(of: value)) == Types.dictionaries,
                    (value as! [[String: Any]]).count == indices.count, addList(indices)
                {
                    // Added from the summaries' fragments.
                    if shape.repeats.count > repeatsBefore { shape.repeatedLists.insert(Self.address(of: value as! [[String: Any]])) }
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
                SlotValue(recorder: $0, emission: Emission(leaf: shape.leaves.count - 1, part: .whole, item: item), kind: kind, suffix: suffix)
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

    /// Where the items of the repeated lists walked so far sit, by their dictionaries: a list
    /// made of items already walked in another (the archive's years hold the very summaries of
    /// its `posts`) takes their key and leaves rather than walking ten thousand items again.
    ///
    /// An item is known by its dictionary's storage, which the page's values hold throughout
    /// the walk: two dictionaries that share it hold the same keys and values.
    private final class ItemPlaces {
        /// Each list's item key, stride and leaves (see ``Repeat``).
        private var keys: [[UInt8]] = []
        private var lists: [Repeat] = []
        /// Each item's list and its index there, by its dictionary's storage.
        private var places: [Int: (list: Int, index: Int)] = [:]

        /// Notes where each of `items` sits: they were walked as one repeated list.
        func note(_ items: [[String: Any]], key: [UInt8], _ list: Repeat) {
            let number = lists.count
            keys.append(key)
            lists.append(list)
            places.reserveCapacity(places.count + items.count)
            for (index, item) in items.enumerated() {
                places[Self.storage(of: item)] = (number, index)
            }
        }

        /// `items` as one repeated list, when each was an item of a list walked before and all
        /// have one key; else nil. Items that follow one another in one list (a year of the
        /// archive's posts) share its leaves.
        func repeated(_ items: [[String: Any]]) -> WalkedList? {
            guard !places.isEmpty, let first = items.first, let start = places[Self.storage(of: first)] else { return nil }
            let stride = lists[start.list].stride
            var run = 0
            for item in items {
                guard let place = places[Self.storage(of: item)], place.list == start.list, place.index == start.index + run else { break }
                run += 1
            }
            if run == items.count {
                let whole = lists[start.list].leaves, from = whole.startIndex + start.index * stride
                return .repeated(key: keys[start.list], Repeat(stride: stride, leaves: whole[from..<(from + run * stride)]))
            }
            var leaves: [Leaf] = []
            leaves.reserveCapacity(items.count * stride)
            for item in items {
                guard let place = places[Self.storage(of: item)],
                    place.list == start.list || keys[place.list] == keys[start.list]
                else { return nil }
                leaves += lists[place.list].item(place.index)
            }
            return .repeated(key: keys[start.list], Repeat(stride: stride, leaves: leaves))
        }

        /// The address of the storage a dictionary holds: on Linux, its one stored reference.
        private static func storage(of item: [String: Any]) -> Int {
            unsafeBitCast(item, to: Int.self)
        }
    }

    /// A long list of dictionaries walked once: one shape for every item, or each item's own.
    private enum WalkedList {
        /// The items' one shape (their key) and their leaves.
        case repeated(key: [UInt8], Repeat)
        /// What the list adds to a shape as it is: its key, leaves, repeats and repeated lists.
        case plain(PageShape)
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
