/// What a skeleton render printed in place of a page's values, and whether the layout did
/// anything with them that a stencil cannot repeat (see ``LayoutStencils``).
///
/// One render's own: the skeleton values it hands out hold it, on that render's thread only.
final class SkeletonRecorder {
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

    func fail() { failed = true }
}

/// What a slot in a stencil prints: the text of one of the page's leaf values, or of part of it.
struct Emission: Hashable, Sendable {
    /// The leaf's number, in the order ``PageShape`` found the leaves.
    var leaf: Int
    var part: Part

    enum Part: Hashable, Sendable {
        /// The value as a layout prints it.
        case whole
        /// `{{date.iso8601}}` and the like: the named value of a date.
        case dateField(String)
        /// `{{#date.format}}pattern{{/date.format}}`: a date in a pattern of the layout's.
        case dateFormat(String)
    }
}
