import ArgumentParser
import Previews

extension Galley {
    /// `galley preview-name BRANCH`
    struct PreviewName: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview-name",
            abstract: "Print the DNS label a branch's preview gets.",
            discussion: """
                Lowercase letters, digits and single hyphens, at most 63 characters; accents are dropped and \
                everything else becomes a hyphen. A longer name is cut and ends in a hash of the whole name. \
                (At a destination, a branch whose label another branch already owns gets a hash added; \
                the destination's manifest remembers which.)
                """
        )

        @Argument(help: "The branch name, such as post/nanoc-on-ipad.")
        var branch: String

        @Option(help: "Print the full host name under this domain.")
        var domain: String?

        func run() {
            let label = PreviewLabel.make(for: branch)
            print(domain.map { "\(label).\($0.lowercased())" } ?? label)
        }
    }
}
