import Blocking
import LayoutScanning

/// Renders many pages of a layout by rendering each page shape once (see ``PageShape``) and
/// filling the result with each page's values, so that the output is swift-mustache's, byte
/// for byte, at a fraction of its cost.
///
/// swift-mustache looks up every `{{name}}` through half a dozen casts from `Any` to its
/// protocols, and each cast updates a counter in the Swift runtime that every core shares: ten
/// thousand post pages cost seconds however many cores render them. Most pages of a blog share
/// a few shapes.
///
/// A shape is rendered once with skeleton values (see ``SkeletonMap``) that print marks in place
/// of the page's texts; a layout that does more with a text than print it (a transform such as
/// `uppercased`, printing a whole array) makes its shape fall back to rendering every page.
/// One per build: its pages' `site` value is the same on every page.
package final class LayoutStencils: LayoutRendering {
    private let theme: Theme
    /// The fragments of the build's post summaries, for pages that hold them.
    private let fragments: SummaryFragments?
    /// Whether long lists of one shape share a stencil whatever their length (see
    /// ``PageShape/Repeat``): not when a layout asks which item is first, last, even or odd, or
    /// its number, which a stencil made from two items cannot know for a third.
    private let repeats: Bool
    /// More shapes than pages worth keeping them for: a blog whose every page differs.
    private let limit = 1024
    private let state = Locked(State())
    private let tally: StencilTally?

    /// What the pages rendered so far have taught, shared by every thread that renders.
    private struct State {
        /// Each shape's stencil by layout, or nil for a shape whose pages are rendered as they are.
        var stencils: [Key: Stencil?] = [:]
        /// Pages and new shapes so far, by layout.
        var tallies: [String: Tally] = [:]
        var skeletonRenders = 0
    }

    /// How many skeleton renders were made, for tests.
    var skeletonRenders: Int { state.withLock { $0.skeletonRenders } }
    /// How many shapes have a stencil, for tests.
    var stencilCount: Int { state.withLock { $0.stencils.values.count { $0 != nil } } }

    private struct Key: Hashable {
        var layout: String
        var shape: [UInt8]

        // The shape's bytes hashed at once: an array hashes byte by byte, a kilobyte a page.
        func hash(into hasher: inout Hasher) {
            hasher.combine(layout)
            shape.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private struct Tally {
        var pages = 0, shapes = 0
        /// Most pages of the layout came in a shape of their own: a skeleton render for each
        /// would cost more than rendering them as they are.
        var givesUp: Bool { shapes >= 32 && shapes * 2 > pages }
    }

    /// Stencils for `theme`'s layouts, whose pages hold the post `summaries`; nil when a layout
    /// does something a stencil cannot follow.
    package init?(theme: Theme, summaries: PostSummaries? = nil, tally: StencilTally? = nil) {
        guard Self.canFollow(theme.texts.values) else { return nil }
        self.theme = theme
        repeats = !Self.asksForPlaceInList(theme.texts.values)
        fragments = summaries.map { [repeats] in SummaryFragments($0, repeats: repeats) }
        self.tally = tally
    }

    /// Whether stencils can follow every layout of `texts`: none changes the delimiters (which
    /// ``LayoutReads`` cannot see past), sets its own content type (a stencil escapes its slots as
    /// ``HTMLEscaping`` does), or names a partial by a value (a mark is no layout name).
    static func canFollow(_ texts: some Collection<String>) -> Bool {
        texts.allSatisfy { text in
            guard let tags = LayoutReads.tags(in: text) else { return false }
            return !tags.contains { tag in
                tag.sigil == "%" || ((tag.sigil == ">" || tag.sigil == "<") && tag.body.hasPrefix("*"))
            }
        }
    }

    /// Whether a layout of `texts` uses swift-mustache's sequence context (`{{#first()}}`,
    /// `{{^last()}}`, `{{index()}}`, `{{#even()}}`, `{{#odd()}}`): a transform of nothing.
    static func asksForPlaceInList(_ texts: some Collection<String>) -> Bool {
        texts.contains { text in
            (LayoutReads.tags(in: text) ?? []).contains { tag in
                tag.body.filter { !$0.isWhitespace }.hasSuffix("()")
            }
        }
    }

    /// The layout `name` rendered with `values`, exactly as ``Theme/render(_:_:)`` renders it.
    /// The summaries the values hold (`summaries`) are taken from their fragments, to save
    /// walking them again.
    package func render(_ name: String, _ values: [String: Any], summaries: @autoclosure () -> SummaryPlaces = SummaryPlaces()) -> String {
        let page = stenciled(name, values, summaries: summaries())
        tally?.count(name, stenciled: page != nil)
        return page ?? theme.render(name, values)
    }

    /// The page filled from its shape's stencil; nil when it has none.
    private func stenciled(_ name: String, _ values: [String: Any], summaries: @autoclosure () -> SummaryPlaces) -> String? {
        let givesUp = state.withLock { $0.tallies[name]?.givesUp ?? false }
        guard !givesUp, let shape = try? PageShape.of(values, repeats: repeats, summaries: summaries(), fragments: fragments) else { return nil }
        let key = Key(layout: name, shape: shape.key)
        let known = state.withLock { state in
            state.tallies[name, default: Tally()].pages += 1
            return state.stencils[key]
        }
        switch known {
        case .some(.some(let stencil)):
            return stencil.fill(shape)
        case .some(.none):
            return nil
        case .none:
            let stencil = makeStencil(name, values, known: shape.repeatedLists)
            state.withLock { state in
                state.skeletonRenders += 1
                state.tallies[name, default: Tally()].shapes += 1
                if state.stencils.count < limit, state.stencils[key] == nil { state.stencils[key] = .some(stencil) }
            }
            return stencil?.fill(shape)
        }
    }

    /// The stencil of `values`' shape; `known` are the lists their shape found repeated.
    private func makeStencil(_ name: String, _ values: [String: Any], known: Set<Int>) -> Stencil? {
        let recorder = SkeletonRecorder(budget: theme.skeletonBudget())
        guard let (_, skeleton) = try? PageShape.of(values, repeats: repeats, recorder: recorder, known: known), let skeleton else { return nil }
        let output = theme.render(name, counted: skeleton)
        guard !recorder.failed, !recorder.isSpent else { return nil }
        return Stencil(skeleton: output, emissions: recorder.emissions, iterations: recorder.iterations)
    }
}
