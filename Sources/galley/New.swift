import ArgumentParser
import Foundation
import SiteCompiler
import SiteContent
import SiteImport

extension Galley {
    /// `galley new site DIR` and `galley new post "Title"`
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Start a blog, or a post in one.",
            subcommands: [Site.self, Post.self]
        )

        /// `galley new site DIR [--title T] [--base-url URL]`
        struct Site: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "site",
                abstract: "Write a new blog folder that builds at once.",
                discussion: """
                    Writes DIR (new, or an empty folder): a commented galley.yml, a first post, an about page, \
                    an image in static/ and a .gitignore for what builds leave behind. base_url can wait until \
                    the blog is published.
                    """
            )

            @Argument(help: ArgumentHelp("The blog folder to write: new, or empty.", valueName: "DIR"), completion: .directory)
            var folder: String

            @Option(help: "The blog's name (default: the folder's name).")
            var title: String?

            @Option(name: .customLong("base-url"), help: "Where the blog will be published, such as https://example.com/.")
            var baseURL: String?

            func run() throws {
                var address: URL?
                if let baseURL {
                    switch SiteConfig.parseBaseURL(baseURL) {
                    case .success(let url): address = url
                    case .failure(let problem):
                        throw ValidationError(problem.message.replacingOccurrences(of: "base_url", with: "--base-url"))
                    }
                }
                let name = title ?? URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
                let scaffold = SiteScaffold(title: name, baseURL: address, timeZone: .current)
                do {
                    try scaffold.write(to: folder)
                } catch {
                    Console.report(error.diagnostics)
                    throw ExitCode.galley(for: error)
                }
                // Quoted for a shell, so that the line can be copied as it is.
                print("""
                    A new blog is in \(folder). Next:
                      cd \(ImportReport.shellWord(folder))
                      galley serve               # read it at http://127.0.0.1:8000/ as you write
                      galley new post "A title"  # in another terminal; the page reloads on save
                      galley build               # the site, in _site/
                    """)
            }
        }

        /// `galley new post "Title" [--draft] [--bundle] [--date DATE] [--site DIR]`
        struct Post: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "post",
                abstract: "Write a new post and print its path.",
                discussion: """
                    Writes posts/YYYY-MM-DD-slug.md (or, with --bundle, posts/YYYY-MM-DD-slug/index.md) dated now in \
                    the blog's timezone, and prints nothing but its path: $EDITOR "$(galley new post "A title")". \
                    An existing post is never overwritten.
                    """
            )

            @Argument(help: "The post's title.")
            var title: String

            @Flag(help: "Mark it draft: true; builds leave it out unless --drafts.")
            var draft = false

            @Flag(help: "Make it a folder with index.md, for images that go beside it.")
            var bundle = false

            @Option(help: ArgumentHelp("Its date, as front matter takes one (2026-12-01, 2026-12-01 09:30); default now.", valueName: "DATE"))
            var date: String?

            @Option(help: ArgumentHelp("The blog folder.", valueName: "DIR"), completion: .directory)
            var site: String = "."

            func run() throws {
                let scaffold = PostScaffold(title: title, date: date, draft: draft, bundle: bundle)
                do {
                    print(try scaffold.write(into: site))
                } catch {
                    Console.report(error.diagnostics)
                    throw ExitCode.galley(for: error)
                }
            }
        }
    }
}
