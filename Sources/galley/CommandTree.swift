import ArgumentParser
import SiteCompiler
import Text

/// Galley's commands as a tree, for what ArgumentParser does not say by itself: which command
/// a usage error is about, and which command a mistyped word was meant to be.
enum CommandTree {
    /// A word where a command was expected that names none (`galley buld`), and the command
    /// it stood under.
    struct UnknownCommand {
        var word: String
        var parent: any ParsableCommand.Type
        /// The command nearest the word, when one is near enough to be what was meant.
        var meant: String?

        var message: String {
            let name = CommandTree.path(to: parent).joined(separator: " ")
            return "'\(word)' is not a \(name) command" + (meant.map { "; did you mean '\($0)'?" } ?? "")
        }
    }

    /// The commands a user may type, with the one ArgumentParser adds.
    static func names(under type: any ParsableCommand.Type) -> [String] {
        type.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName } + ["help"]
    }

    /// The first argument that stands where a command must and names none; nil when every
    /// command word is one, or the arguments reach a command that takes no commands.
    static func unknownCommand(in arguments: [String], root: any ParsableCommand.Type = Galley.self) -> UnknownCommand? {
        var type = root
        for word in arguments {
            let subcommands = type.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return nil }
            guard let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) else {
                return UnknownCommand(word: word, parent: type, meant: EditDistance.suggestion(for: word, among: names(under: type)))
            }
            type = next
        }
        return nil
    }

    /// The command the arguments run: the deepest one their leading command words name.
    static func command(for arguments: [String], root: any ParsableCommand.Type = Galley.self) -> any ParsableCommand.Type {
        var type = root
        for word in arguments {
            guard !word.hasPrefix("-"),
                let next = type.configuration.subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) })
            else { break }
            type = next
        }
        return type
    }

    /// The option nearest `typed`, an option `type` does not take, when one is near enough to
    /// be what was meant: `-d` for `-D`, `--draft` for `--drafts`. Read from its help, which
    /// names every option it shows.
    static func option(meant typed: String, by type: any ParsableCommand.Type) -> String? {
        let help = Galley.helpMessage(for: type)
        var names = Set<String>()
        for word in help.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "(" || $0 == ")" || $0 == "[" || $0 == "]" }) {
            let name = word.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            guard name.hasPrefix("-"), name.count >= 2, name != "--" else { continue }
            names.insert(String(name))
        }
        names.remove("-h")
        names.remove("--help")
        let flag = String(typed.prefix { $0 != "=" })
        if flag.count == 2, let short = names.first(where: { $0.count == 2 && $0.lowercased() == flag.lowercased() }) { return short }
        guard flag.hasPrefix("--") else { return nil }
        return EditDistance.suggestion(for: String(flag.dropFirst(2)), among: names.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
            .map { "--" + $0 }
    }

    /// The words that run `type` (`["galley", "new", "site"]`).
    static func path(to type: any ParsableCommand.Type, from root: any ParsableCommand.Type = Galley.self) -> [String] {
        if ObjectIdentifier(type) == ObjectIdentifier(root) { return [root._commandName] }
        for subcommand in root.configuration.subcommands {
            let below = path(to: type, from: subcommand)
            if !below.isEmpty { return [root._commandName] + below }
        }
        return []
    }

    /// What a usage error about `type` ends with: its own usage line, and where to read more.
    static func usage(of type: any ParsableCommand.Type) -> String {
        """
        Usage: \(Galley.usageString(for: type))
          See '\(path(to: type).joined(separator: " ")) --help' for more information.
        """
    }
}
