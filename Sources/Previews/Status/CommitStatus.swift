/// What a forge shows beside a commit for one deploy: how it stands, a line about it, and
/// where to look (the preview, or the CI log).
public struct CommitStatus: Sendable, Equatable {
    /// How a deploy stands; each forge spells these its own way (``Forge``).
    public enum State: String, Sendable {
        case pending, success, failure
    }

    /// The name a preview's statuses go under, so that each deploy replaces the last one's.
    public static let previewContext = "galley/preview"
    /// The name the production site's statuses go under.
    public static let productionContext = "galley/production"

    /// The most a description may hold: GitHub refuses longer ones.
    public static let longestDescription = 140

    public var state: State
    public var description: String
    public var context: String
    /// Where the forge links the status to.
    public var targetURL: String?

    public init(state: State, description: String, context: String, targetURL: String? = nil) {
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
