import Blocking
import Diagnostics
import Mustache

/// How far one render of a layout may go: a step for each value it looks up and each item of a
/// list it goes through. Layouts come with a pushed branch, and sections over lists inside one
/// another repeat what they hold for every item of every list: twelve sections over a list of
/// ten (`{{#site.params.l}}` inside itself) would render ten to the twelfth times. Past its
/// steps a render winds down (lookups find nothing, lists end), and the build fails at the layout.
///
/// One render's own, on that render's thread only.
package final class RenderBudget {
    /// The steps this render may take.
    let limit: Int
    private(set) var used = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the render went past its steps.
    var isSpent: Bool { used > limit }

    /// Takes a step; false once there are none left.
    @inline(__always)
    func step() -> Bool {
        used += 1
        return used <= limit
    }

    /// `value` as the render hands it on: a dictionary or a list counted (see ``CountedMap``),
    /// any other value as it is. The types pages hold are told by their metatype, a pointer
    /// compared, before any cast: a render looks up thousands of values.
    func counted(_ value: Any) -> Any {
        let type = type(of: value)
        if type == String.self || type == Int.self || type == Bool.self || type == Double.self { return value }
        if type == [String: Any].self { return CountedMap(values: value as! [String: Any], budget: self) }
        if type == [[String: Any]].self { return CountedList(items: value as! [[String: Any]], budget: self) }
        if type == [Any].self { return CountedList(items: value as! [Any], budget: self) }
        if type == [String].self { return CountedList(items: value as! [String], budget: self) }
        if value is any StringKeyed { return CountedParent(original: value as! any MustacheParent, budget: self) }
        if let sequence = value as? any MustacheSequence { return CountedSequence(original: sequence, budget: self) }
        if let pair = value as? (key: String, value: Any) { return CountedPair(original: pair, budget: self) }
        return value
    }
}

/// The steps a build's renders may take together, and the renders that went past theirs.
///
/// A build earns steps as it renders (`perRender` a render beyond a first `base`), so that a
/// blog of many pages may take as many more; no one render takes more than `mostForOne`. A step
/// costs swift-mustache about a microsecond: the first limit is met in seconds, while the
/// archive of a hundred thousand posts takes a few million.
package final class RenderWork: Sendable {
    let perRender: Int
    let mostForOne: Int

    private struct State {
        var left: Int
        var overruns: [Overrun] = []
    }

    /// A render that went past its steps: its layout, and the page's address when it had one.
    struct Overrun: Equatable {
        var layout: String
        var page: String?
        var steps: Int
    }

    private let state: Locked<State>

    package init(base: Int = 5_000_000, perRender: Int = 20_000, mostForOne: Int = 10_000_000) {
        self.perRender = perRender
        self.mostForOne = mostForOne
        state = Locked(State(left: base))
    }

    /// A budget for one more render.
    func budget() -> RenderBudget {
        let limit = state.withLock { state in
            state.left += perRender
            return min(max(state.left, 0), mostForOne)
        }
        return RenderBudget(limit: limit)
    }

    /// Takes back what `budget`'s render used, and notes the render if it went past its steps.
    func settle(_ budget: RenderBudget, layout: String, page: String?) {
        state.withLock { state in
            state.left -= min(budget.used, budget.limit)
            if budget.isSpent, state.overruns.count < 100 { state.overruns.append(Overrun(layout: layout, page: page, steps: budget.limit)) }
        }
    }

    /// The renders so far that went past their steps.
    var overruns: [Overrun] { state.withLock { $0.overruns } }
}

/// A dictionary with `String` keys, whatever its values: told apart from the other values
/// layouts look into (a date) without converting it.
protocol StringKeyed {}
extension Dictionary: StringKeyed where Key == String {}
