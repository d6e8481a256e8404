/// What a skeleton render printed in place of a page's values, and whether the layout did
/// anything with them that a stencil cannot repeat (see ``LayoutStencils``).
///
/// One render's own: the skeleton values it hands out hold it, on that render's thread only.
package final class SkeletonRecorder {
    /// The steps the render may take (see ``RenderBudget``): past them, the skeleton values end
    /// the render and it fails.
    private let budget: RenderBudget

    init(budget: RenderBudget = RenderBudget(limit: .max)) {
        self.budget = budget
    }

    /// Takes a step of the render's budget; false, failing the render, once there are none left.
    func step() -> Bool {
        if budget.step() { return true }
        failed = true
        return false
    }

    /// `value`, which the skeleton prints as it is (the site's values, the same on every page),
    /// taking steps of the render's budget as the page's own do.
    func counted(_ value: Any) -> Any {
        budget.counted(value)
    }

    /// Whether the render went past its steps, in the values printed as they are too: its
    /// output was cut short, and makes no stencil.
    var isSpent: Bool { budget.isSpent }

    /// Each mark printed so far, by its number.
    private(set) var emissions: [Emission] = []
    /// Set when the layout transformed or printed a value in a way that depends on the value
    /// itself (`uppercased(title)`, `{{page.tags}}`): the page is then rendered as it is.
    private(set) var failed = false

    /// A mark for `emission`, with `suffix` after it.
    func mark(_ emission: Emission, suffix: String = "") -> String {
        emissions.append(emission)
        return SlotMarker.mark(emissions.count - 1, suffix: suffix)
    }

    /// How many times each repeated list (by its number, see ``PageShape/Repeat``) was rendered
    /// as a section, item after item.
    private(set) var iterations: [Int: Int] = [:]

    func fail() { failed = true }

    func iterated(_ list: Int) { iterations[list, default: 0] += 1 }
}

/// What a slot in a stencil prints: the text of one of the page's leaf values, or of part of it.
package struct Emission: Hashable, Sendable {
    /// The leaf's number, in the order ``PageShape`` found the leaves: among the page's own
    /// leaves, or among one item's of a repeated list.
    var leaf: Int
    var part: Part
    /// The repeated list the leaf is an item's of, and which of the skeleton's two items;
    /// nil for a leaf of the page's own.
    var item: Item? = nil

    struct Item: Hashable, Sendable {
        var list: Int
        var index: Int
    }

    enum Part: Hashable, Sendable {
        /// The value as a layout prints it.
        case whole
        /// `{{date.iso8601}}` and the like: the named value of a date.
        case dateField(String)
        /// `{{#date.format}}pattern{{/date.format}}`: a date in a pattern of the layout's.
        case dateFormat(String)
    }
}
