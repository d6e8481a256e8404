import SiteCompiler

/// What the front matter of the posts carried says, as far as the import needs to know: which
/// ones a build would refuse, and which set their own slug (what decides whether an address
/// moves). Each post is read once, with the build's own front matter reader.
struct PostSurvey: Sendable {
    /// Posts without a slug of their own, by their path in the site.
    private(set) var withoutSlug: Set<String> = []

    /// Reads the front matter of every post `plan` copies, and notes the posts a build would
    /// refuse: front matter it cannot read, or no title.
    init(of plan: inout ImportPlan, from source: SourceFolder) {
        var untitled: [String] = []
        for copy in plan.copies where copy.role == .post {
            let fields: YAMLValue
            do {
                fields = try SettingsDocument.frontMatter(of: try source.text(of: copy.source), path: copy.source)
            } catch let error as Diagnostic {
                plan.check(copy.source, "Galley cannot read its front matter (\(error.line.map { "line \($0): " } ?? "")\(error.message)): fix it before building")
                continue
            } catch {
                plan.check(copy.source, "\(error)")
                continue
            }
            if fields["title"]?.text == nil { untitled.append(copy.source) }
            if fields["slug"]?.text == nil { withoutSlug.insert(copy.source) }
        }
        plan.check(paths: untitled, "no title in the front matter, which Galley needs (the old generator made one from the file name): add `title: …` before building")
    }
}
