import ArgumentParser
import SiteImport

extension Galley {
    /// `galley import SRC DEST [--from jekyll|hugo|zola]`
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Turn a Jekyll, Hugo or Zola site folder into a Galley blog folder.",
            discussion: """
                Writes DEST (a new or empty folder): galley.yml from the site's settings, posts and pages copied \
                byte for byte, static files, and prints what was not carried over (themes, plugins, data files).
                """
        )

        @Argument(help: ArgumentHelp("The site folder to read.", valueName: "SRC"), completion: .directory)
        var source: String

        @Argument(help: ArgumentHelp("The blog folder to write: new, or empty.", valueName: "DEST"), completion: .directory)
        var destination: String

        @Option(help: ArgumentHelp("The generator that made the site, when it cannot be told from its files.", valueName: "generator"))
        var from: GeneratorKind?

        func run() throws {
            do {
                print(try SiteImporter(source: source, destination: destination, generator: from).run())
            } catch {
                Console.report(error.message)
                throw ExitCode.galley(for: error)
            }
        }
    }
}

extension GeneratorKind: ExpressibleByArgument {}
