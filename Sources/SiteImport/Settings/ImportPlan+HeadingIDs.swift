import SiteCompiler
import Text

extension ImportPlan {
    /// Gives headings the ids the site's Markdown renderer gave them (`rule`, as the generator
    /// sets it up unless told otherwise), so that links to a section of a post still land.
    /// `otherwise` names what the site set up differently, for a note: its headings' ids are
    /// then not the ones Galley makes, and links to them may miss.
    mutating func setHeadingIDs(_ rule: HeadingIDs, from subject: String, otherwise: [String]) {
        guard GalleyFeatures.headingIDs else { return }
        settings.headingIDs = rule.rawValue
        guard !otherwise.isEmpty else { return }
        check(subject, "\(otherwise.joined(separator: "; ")); galley.yml's heading_ids: \(rule.rawValue) gives headings the ids of \(rule.rawValue)'s defaults, so links to a section of a post may miss: check them")
    }
}
