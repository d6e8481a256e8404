import Foundation
import SiteCompiler
import SiteContent
import SiteSource

/// `galley import SRC DEST`: reads a Jekyll, Hugo or Zola site folder and writes a Galley blog
/// folder, posts and pages copied byte for byte, and reports what it did not carry.
///
/// Nothing outside the site is read (links in it are listed, never followed), nothing outside
/// the destination is written, and the destination appears only when the blog is whole.
package struct SiteImporter: Sendable {
    /// The site folder.
    package var source: String
    /// The blog folder to make: missing, or an empty folder.
    package var destination: String
    /// The generator to read the site as; found from the site's files when nil.
    package var generator: GeneratorKind?

    package init(source: String, destination: String, generator: GeneratorKind? = nil) {
        self.source = source
        self.destination = destination
        self.generator = generator
    }

    /// Imports the site; an error, and nothing written, when the site cannot be read or the
    /// destination is not new or empty.
    package func run() throws(ImportError) -> ImportReport {
        let site = try SourceFolder(source)
        let writer = try BlogWriter(destination: destination)
        let kind = if let generator { generator } else { try GeneratorKind.detect(site) }
        let plan = try kind.generator.plan(site)
        try writer.write(plan, from: site)
        return ImportReport(
            generator: kind, destination: destination, posts: plan.count(.post), pages: plan.count(.page),
            files: plan.count(.staticFile) + plan.count(.postFile) + plan.count(.pageFile), drafts: plan.count(.draft),
            notes: Self.firstBuildErrors(of: destination, plan: plan) + plan.notes)
    }

    /// Every error the blog's first build will stop at, found by compiling it as a build does
    /// (in memory, code left plain): each at the blog's file and line, with the site's file it
    /// came from, so that one round of edits mends them all.
    static func firstBuildErrors(of blog: String, plan: ImportPlan) -> [ImportNote] {
        let sources = Dictionary(plan.copies.map { ($0.destination.string, $0.source) }, uniquingKeysWith: { first, _ in first })
        do {
            _ = try SiteBuilder(source: DirectorySource(root: URL(filePath: blog)), options: BuildOptions()).compile()
            return []
        } catch {
            return error.diagnostics.map { diagnostic in
                let from = sources[diagnostic.path].map { " (from \($0))" } ?? ""
                let place = diagnostic.line.map { "\(diagnostic.path):\($0)" } ?? diagnostic.path
                return ImportNote(.refused, place + from, diagnostic.message)
            }
        }
    }
}
