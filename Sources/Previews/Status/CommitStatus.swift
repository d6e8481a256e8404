/// What a forge shows beside a commit for one deploy: how it stands, a line about it, and
/// where to look (the preview, or the CI log).
package struct CommitStatus: Sendable, Equatable {
    /// How a deploy stands; each forge spells these its own way (``Forge``).
    package enum State: String, Sendable {
        case pending, success, failure
    }

    /// The name a preview's statuses go under, so that each deploy replaces the last one's.
    package static let previewContext = "galley/preview"
    /// The name the production site's statuses go under.
    package static let productionContext = "galley/production"

    /// The most a description may hold: GitHub refuses longer ones.
    package static let longestDescription = 140

    package var state: State
    package var description: String
    package var context: String
    /// Where the forge links the status to.
    package var targetURL: String?

    package init(state: State, description: String, context: String, targetURL: String? = nil) {
        self.state = state
        self.description = description
        self.context = context
        self.targetURL = targetURL
    }

    /// The description on one line and within ``longestDescription``, as the forge gets it.
    var shortDescription: String {
        let line = description.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard line.count > Self.longestDescription else { return line }
        return String(line.prefix(Self.longestDescription - 1)) + "…"
    }
}
