import Diagnostics
import Foundation
import FrontMatter
import SiteCompiler

/// What the front matter of the posts and pages carried says, as far as the import needs to
/// know: which ones a build would refuse, which set their own slug or address (what decides
/// whether an address moves). Each is read once, with the build's own front matter reader.
struct ContentSurvey: Sendable {
    /// Posts without a slug of their own, by their path in the site.
    private(set) var withoutSlug: Set<String> = []
    /// The settings posts and pages print with `{{ site.KEY }}` (Jekyll's Liquid).
    private(set) var siteKeys: Set<String> = []
    /// Posts with categories (`categories`, or Jekyll's `category`).
    private(set) var categorized: Set<String> = []
    /// The title of each post and page that has one, by its path in the site.
    private(set) var titles: [String: String] = [:]
    /// Posts and pages that set their own address (`permalink`, Hugo's `url`, Zola's `path`).
    private(set) var ownAddress: Set<String> = []

    /// The keys with which Jekyll, Hugo and Zola let a post or page choose its whole address.
    static let addressKeys = ["permalink", "url", "path"]

    /// Reads the front matter of every post and page `plan` copies, and notes the ones with
    /// template tags and the ones with an address of their own. What a build would refuse is
    /// found by a build, once the blog is written.
    init(of plan: inout ImportPlan, from source: SourceFolder) {
        var moving: [String] = [], templated: [String] = []
        for copy in plan.copies where copy.role == .post || copy.role == .page {
            let fields: YAMLValue
            do {
                let text = try source.text(of: copy.source)
                if Self.holdsTemplateTags(text) {
                    templated.append(copy.source)
                    siteKeys.formUnion(Self.siteKeys(in: text))
                }
                fields = try SettingsDocument.frontMatter(of: text, path: copy.source)
            } catch is Diagnostic {
                // The first build names it, at its line (``SiteImporter/firstBuildErrors(of:plan:)``).
                continue
            } catch {
                plan.check(copy.source, "\(error)")
                continue
            }
            if let title = fields["title"]?.text { titles[copy.source] = title }
            if copy.role == .post, fields["slug"]?.text == nil { withoutSlug.insert(copy.source) }
            if copy.role == .post, ["categories", "category"].contains(where: { Self.isSet(fields[$0]) }) { categorized.insert(copy.source) }
            let address = Self.addressKeys.lazy.compactMap { fields[$0]?.text }.first
            guard let address else { continue }
            ownAddress.insert(copy.source)
            // A page whose address is the one Galley gives it anyway stays where it was.
            if copy.role == .post || Self.normalized(address) != Self.pageAddress(copy.destination.string) { moving.append(copy.source) }
        }
        plan.check(paths: templated, "holds template tags or shortcodes ({% … %}, {{ … }}, {{< … >}}, {{% … %}}), which the old generator ran: Galley runs only some, so check how these render")
        plan.check(paths: moving, "sets an address of its own (\(Self.addressKeys.joined(separator: ", "))): check where the built page is, and add aliases for the old address if it moved")
    }

    /// The address Galley gives the page at `destination` (`pages/docs/guide.md` is at `/docs/guide/`).
    static func pageAddress(_ destination: String) -> String {
        var path = String(destination.dropFirst("pages/".count))
        if let dot = path.lastIndex(of: "."), !path[dot...].contains("/") { path = String(path[..<dot]) }
        if path == "index" || path.hasSuffix("/index") { path = String(path.dropLast("index".count)) }
        return normalized(path)
    }

    /// An address with one `/` at each end, as addresses compare.
    static func normalized(_ address: String) -> String {
        let inner = address.split(separator: "/").joined(separator: "/")
        return inner.isEmpty ? "/" : "/" + inner + "/"
    }

    /// Whether `text` holds a Liquid or Tera tag (`{% … %}`, `{{ page.title }}`), a Hugo
    /// shortcode (`{{< … >}}`, `{{% … %}}`) or a Zola one (`{{ name(…) }}`): what the old
    /// generator ran and Galley does not.
    static func holdsTemplateTags(_ text: String) -> Bool {
        text.contains("{%") || text.contains("{{<") || text.contains("{{%")
            || text.range(of: #"\{\{-?\s*[A-Za-z_][A-Za-z0-9_.]*\s*(\||\(|-?\}\})"#, options: .regularExpression) != nil
    }

    /// Whether a front matter value says something: text, or a list with an item.
    private static func isSet(_ value: YAMLValue?) -> Bool {
        value?.text != nil || value?.items?.contains { $0.text != nil } == true
    }

    /// The `KEY`s of `site.KEY` in `text`.
    static func siteKeys(in text: String) -> Set<String> {
        let matches = siteKey.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return Set(matches.compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    private static let siteKey = try! NSRegularExpression(pattern: #"\bsite\.([A-Za-z_][A-Za-z0-9_]*)"#)
}
