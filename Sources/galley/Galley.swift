import ArgumentParser
import Failures
import Foundation

/// The `galley` command: builds blogs and deploys branch previews.
///
/// Every command names itself in its configuration: without a name, ArgumentParser derives it
/// from the type's through `String(describing:)`, whose casts search all of the static binary's
/// protocol conformances, about 3 ms of each run.
@main
struct Galley: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "A static-site generator for blogs, and a branch-preview deployer.",
        discussion: ExitCode.table,
        version: "0.1.0",
        subcommands: [New.self, Build.self, Serve.self, Import.self, Deploy.self, Watch.self, PreviewName.self, Rollback.self, PreviewsCommand.self, Host.self, ServerConfigCommand.self, ThemeCommand.self, BuildCommit.self]
    )

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        Allocator.tune(for: arguments.first)
        PrintableLog.bootstrap()
        if let problem = EmptyArgument.problem(in: arguments) {
            Console.error("error: \(problem)")
            exit(withError: ExitCode.usage)
        }
        if let problem = DashedTitle.problem(in: arguments) {
            Console.error("error: \(problem)")
            exit(withError: ExitCode.usage)
        }
        if let unknown = CommandTree.unknownCommand(in: arguments) {
            Console.error("error: \(unknown.message)\n" + CommandTree.usage(of: unknown.parent))
            exit(withError: ExitCode.usage)
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            // Help and version go to standard output as ArgumentParser writes them; every
            // error is said the way the commands say theirs, `error: …`, with the usage of the
            // command it is about.
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            // Said as Galley says its own messages: lower-case, with the option meant if one is near.
            if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
                message = first.lowercased() + message.dropFirst()
            }
            message = message.replacingOccurrences(of: ". Did you mean ", with: "; did you mean ")
            if message.hasPrefix("unknown option '"), !message.contains("; did you mean "),
                let end = message.dropFirst("unknown option '".count).firstIndex(of: "'")
            {
                let typed = String(message[message.index(message.startIndex, offsetBy: "unknown option '".count)..<end])
                if let meant = CommandTree.option(meant: typed, by: CommandTree.command(for: arguments)) {
                    message.insert(contentsOf: "; did you mean '\(meant)'?", at: message.index(after: end))
                }
            }
            if !message.isEmpty { Console.error("error: " + message) }
            exit(withError: code == .validationFailure ? ExitCode.usage : code)
        }
        do {
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            fail(with: error, in: type(of: command))
        }
    }

    /// Says what `error`, thrown by `command`'s `run()`, is about, and ends with its status.
    private static func fail(with error: any Error, in command: any ParsableCommand.Type) -> Never {
        // `galley help build` runs a command that asks for help by throwing.
        if exitCode(for: error) == .success { exit(withError: error) }
        switch error {
        case let error as ExitCode:
            exit(withError: error)
        case let error as ValidationError:
            // Found once the command ran (a value only it can check): its usage, not Galley's.
            Console.error("error: \(error.message)\n" + CommandTree.usage(of: command))
        case let error as NSError where error.domain == NSCocoaErrorDomain:
            // A file system error from Foundation: its path and cause, not the raw dump.
            Console.report(Console.describe(error))
        case let error as any GalleyError:
            // Said the one way whatever module threw it: where, then what.
            Console.report(error.said)
        default:
            let message = Self.message(for: error)
            if !message.isEmpty { Console.report(message) }
        }
        exit(withError: ExitCode.galley(for: error))
    }
}
