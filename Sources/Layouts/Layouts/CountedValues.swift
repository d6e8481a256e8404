import Mustache

// A page's values as a render under a ``RenderBudget`` sees them: each acts in swift-mustache
// as the value it holds does (the same sections, lookups, transforms and printed text), and
// takes a step of the budget for each child looked up and each item gone through. What it
// hands on is counted in turn, so no lookup reaches a value that is not.

/// A `[String: Any]`, the dictionary pages are made of.
struct CountedMap: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let values: [String: Any]
    let budget: RenderBudget

    func child(named name: String) -> Any? {
        guard budget.step(), let child = values[name] else { return nil }
        return budget.counted(child)
    }

    // A dictionary is printed as Swift describes it, and is never null.
    var renderText: String { String(describing: values) }
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        values.transform(name).map(budget.counted)
    }
}

/// Any other dictionary with `String` keys (the theme's words, say).
struct CountedParent: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let original: any MustacheParent
    let budget: RenderBudget

    func child(named name: String) -> Any? {
        guard budget.step(), let child = original.child(named: name) else { return nil }
        return budget.counted(child)
    }

    var renderText: String { String(describing: original) }
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        (original as? any MustacheTransformable)?.transform(name).map(budget.counted)
    }
}

/// An array: a sequence to swift-mustache, so a section goes through its items.
struct CountedList<Element>: MustacheSequence, MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let items: [Element]
    let budget: RenderBudget

    func makeIterator() -> Iterator { Iterator(list: self) }

    struct Iterator: IteratorProtocol {
        let list: CountedList
        var index = 0

        mutating func next() -> Any? {
            guard index < list.items.count, list.budget.step() else { return nil }
            index += 1
            return list.budget.counted(list.items[index - 1])
        }
    }

    // An array has no children by name (swift-mustache's reflection finds none).
    func child(named: String) -> Any? { nil }

    var renderText: String { String(describing: items) }
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        guard budget.step() else { return nil }
        return items.transform(name).map(budget.counted)
    }
}

/// Any other sequence swift-mustache goes through (a set, a reversed array).
struct CountedSequence: MustacheSequence, MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let original: any MustacheSequence
    let budget: RenderBudget

    func makeIterator() -> Iterator {
        Iterator(items: original.makeIterator(), budget: budget)
    }

    struct Iterator: IteratorProtocol {
        var items: any IteratorProtocol
        let budget: RenderBudget

        mutating func next() -> Any? {
            guard budget.step(), let item = items.next() else { return nil }
            return budget.counted(item)
        }
    }

    func child(named: String) -> Any? { nil }

    var renderText: String { String(describing: original) }
    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        guard budget.step() else { return nil }
        return (original as? any MustacheTransformable)?.transform(name).map(budget.counted)
    }
}

/// One `(key:value:)` pair of a dictionary's `sorted` or `enumerated`, which swift-mustache
/// reaches by its labels.
struct CountedPair: MustacheParent, MustacheCustomRenderable {
    let original: (key: String, value: Any)
    let budget: RenderBudget

    func child(named name: String) -> Any? {
        guard budget.step() else { return nil }
        switch name {
        case "key": return original.key
        case "value": return budget.counted(original.value)
        default: return nil
        }
    }

    var renderText: String { String(describing: original) }
    var isNull: Bool { false }
}
