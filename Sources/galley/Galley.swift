import ArgumentParser

/// The `galley` command: builds blogs and deploys branch previews.
@main
struct Galley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "A static-site generator for blogs, and a branch-preview deployer.",
        version: "0.1.0",
        subcommands: [Build.self, Deploy.self, Watch.self, PreviewName.self, Rollback.self]
    )

    static func main() async {
        Allocator.tune()
        await main(nil)
    }
}
