import Mustache

// The values a skeleton render sees in place of a page's own. Each acts in swift-mustache as
// the value it stands for does wherever the outcome depends only on the page's shape (sections,
// inverted sections, lookups up the context stack, `empty`, `count`, `first`), prints a mark
// where the value would print its text, and tells the recorder when a layout asks for something
// that depends on the text itself.

/// A non-empty string, integer or number.
package struct SlotValue: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    enum Kind { case string, integer, number }

    let recorder: SkeletonRecorder
    let emission: Emission
    let kind: Kind
    /// The line breaks the value ends with, printed after the mark: an indented partial indents
    /// what follows a value that ends a line.
    var suffix = ""

    package var renderText: String { recorder.mark(emission, suffix: suffix) }
    package var isNull: Bool { false }

    // A String, Int or Double has no children.
    package func child(named: String) -> Any? { nil }

    package func transform(_ name: String) -> Any? {
        switch (kind, name) {
        case (.string, "empty"):
            return false
        case (.string, "capitalized"), (.string, "lowercased"), (.string, "uppercased"), (.string, "reversed"),
             (.integer, "equalzero"), (.integer, "plusone"), (.integer, "minusone"), (.integer, "even"), (.integer, "odd"):
            recorder.fail()
            return nil
        default:
            return nil
        }
    }
}

/// A ``DateValue``, whose named parts and patterns print marks of their own.
package struct DateSlot: MustacheParent, MustacheCustomRenderable {
    let recorder: SkeletonRecorder
    let leaf: Int
    /// The item of a repeated list the date is in; nil for the page's own.
    let item: Emission.Item?
    /// The date of the page the skeleton was made from, for which parts a date has.
    let sample: DateValue

    package var renderText: String { recorder.mark(Emission(leaf: leaf, part: .whole, item: item)) }
    package var isNull: Bool { false }

    package func child(named name: String) -> Any? {
        if name == "format" {
            let recorder = recorder, leaf = leaf, item = item
            // A Substring, as ``DateValue``'s own lambda returns: a String would be read as a
            // template and rendered with the innermost value, which prints nothing when that is
            // the empty list of an inverted section.
            return MustacheLambda { pattern in Substring(recorder.mark(Emission(leaf: leaf, part: .dateFormat(pattern), item: item))) }
        }
        let emission = Emission(leaf: leaf, part: .dateField(name), item: item)
        switch sample.child(named: name) {
        case nil: return nil
        case is String: return SlotValue(recorder: recorder, emission: emission, kind: .string)
        case is Int: return SlotValue(recorder: recorder, emission: emission, kind: .integer)
        default:
            recorder.fail()
            return nil
        }
    }
}

/// A list whose items all have one shape (see ``PageShape/Repeat``), as two of them: a section
/// prints the first item's marks, then the second's, and the stencil repeats what lies from
/// one to the other for every item of a page's list.
package struct SkeletonRepeat: MustacheSequence, MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let recorder: SkeletonRecorder
    /// The list's number among the page's repeated lists.
    let list: Int
    let items: [Any]

    package func makeIterator() -> Iterator { Iterator(owner: self) }

    package struct Iterator: IteratorProtocol {
        let owner: SkeletonRepeat
        var position = 0

        package mutating func next() -> Any? {
            guard position < owner.items.count, owner.recorder.step() else { return nil }
            // swift-mustache takes one item ahead: a section asks for the second item before
            // it renders the first, an inverted section only for the first.
            if position == 1 { owner.recorder.iterated(owner.list) }
            position += 1
            return owner.items[position - 1]
        }
    }

    package var renderText: String {
        recorder.fail()
        return ""
    }
    package var isNull: Bool { false }

    package func child(named: String) -> Any? { nil }

    // Which item is first or last, and how many there are, differ from page to page.
    package func transform(_ name: String) -> Any? {
        switch name {
        case "empty": return false
        case "first", "last", "reversed", "count":
            recorder.fail()
            return nil
        default: return nil
        }
    }
}

/// An array of values: the same number of items, each a skeleton value.
package struct SkeletonList: MustacheSequence, MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let recorder: SkeletonRecorder
    let items: [Any]

    package func makeIterator() -> Iterator { Iterator(owner: self) }

    package struct Iterator: IteratorProtocol {
        let owner: SkeletonList
        var position = 0

        package mutating func next() -> Any? {
            guard position < owner.items.count, owner.recorder.step() else { return nil }
            position += 1
            return owner.items[position - 1]
        }
    }

    // An array's text is its debug description; that of an empty one is all a stencil can repeat.
    package var renderText: String {
        if items.isEmpty { return "[]" }
        recorder.fail()
        return ""
    }
    package var isNull: Bool { false }

    package func child(named: String) -> Any? { nil }

    // The arrays pages hold are of items that are not Comparable, so `sorted` gives nothing.
    package func transform(_ name: String) -> Any? {
        switch name {
        case "first": return items.first
        case "last": return items.last
        case "reversed": return SkeletonList(recorder: recorder, items: items.reversed())
        case "count": return items.count
        case "empty": return items.isEmpty
        default: return nil
        }
    }
}

/// A `[String: Any]` with the same keys, each value a skeleton value.
package struct SkeletonMap: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let recorder: SkeletonRecorder
    let values: [String: Any]

    package func child(named name: String) -> Any? {
        guard recorder.step() else { return nil }
        return values[name]
    }

    package var renderText: String {
        if values.isEmpty { return "[:]" }
        recorder.fail()
        return ""
    }
    package var isNull: Bool { false }

    package func transform(_ name: String) -> Any? {
        switch name {
        case "count": return values.count
        case "empty": return values.isEmpty
        case "sorted":
            let pairs = values.keys.sorted().map { SkeletonPair(recorder: recorder, key: $0, value: values[$0]!) }
            return SkeletonList(recorder: recorder, items: pairs)
        case "enumerated":
            // In the dictionary's own order, which two dictionaries with the same keys need not share.
            recorder.fail()
            return nil
        default: return nil
        }
    }
}

/// One `(key:value:)` pair of a sorted dictionary, whose parts a layout reaches by name.
package struct SkeletonPair: MustacheParent, MustacheCustomRenderable {
    let recorder: SkeletonRecorder
    let key: String
    let value: Any

    package func child(named name: String) -> Any? {
        guard recorder.step() else { return nil }
        switch name {
        case "key": return key
        case "value": return value
        default: return nil
        }
    }

    package var renderText: String {
        recorder.fail()
        return ""
    }
    package var isNull: Bool { false }
}
