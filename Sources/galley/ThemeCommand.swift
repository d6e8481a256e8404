import ArgumentParser

extension Galley {
    /// `galley theme …`: the built-in theme, taken into a blog to be made its own.
    struct ThemeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "theme",
            abstract: "Work with the built-in theme.",
            subcommands: [Eject.self]
        )
    }
}
