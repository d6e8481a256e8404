import ArgumentParser
import Foundation
import SiteCompiler

extension Galley.ThemeCommand {
    /// `galley theme eject [--site DIR] [LAYOUT…]`
    struct Eject: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "eject",
            abstract: "Copy the built-in layouts (and stylesheet) into the blog to edit them.",
            discussion: """
                Writes each of the theme's layouts to layouts/NAME.mustache, and its stylesheet to static/style.css, \
                or only the files named (post, base, style.css, …). The blog's copies take the place of the built-in \
                ones, so the site looks the same until they are edited. A file already there is kept as it is, never \
                overwritten. The favicons and the theme's words stay built in: put your own favicon.ico or \
                favicon.svg in static/, and change a word with strings: in galley.yml. For a few colours or a font, \
                static/custom.css is enough: it is linked after the theme's stylesheet.
                """
        )

        @Argument(help: ArgumentHelp("The layouts to copy, or style.css (default: all).", valueName: "LAYOUT"))
        var layouts: [String] = []

        @Option(help: ArgumentHelp("The blog folder.", valueName: "DIR"), completion: .directory)
        var site: String = "."

        func run() throws {
            try NotABlogFolder.check(site)
            let outcome: ThemeEjection.Outcome
            do {
                outcome = try ThemeEjection(names: layouts).write(into: site)
            } catch {
                Console.report(error.diagnostics)
                throw ExitCode.galley(for: error)
            }
            let prefix = site == "." ? "" : site.hasSuffix("/") ? site : site + "/"
            for path in outcome.written { print("wrote \(prefix)\(path)") }
            for path in outcome.kept { print("kept \(prefix)\(path): it is already there (remove it to get the theme's copy)") }
            let files = outcome.written.count == 1 ? "file" : "files"
            print("\(outcome.written.count) \(files) written, \(outcome.kept.count) kept; the blog's copies now take the place of the theme's")
        }
    }
}
