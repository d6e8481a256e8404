/// A title that starts with `-` reads as an option: `galley new post "-30 degrees"` said the
/// title was missing, and `"-hot takes"` printed the help (as `-h`) and wrote nothing, which
/// `$EDITOR "$(galley new post …)"` then opened. Said before parsing, with the way round it.
enum DashedTitle {
    /// What `galley new post` takes without a value, and with one.
    static let flags: Set<String> = ["--draft", "--bundle", "--version", "-h", "--help"]
    static let options: Set<String> = ["--date", "--site"]

    /// What is wrong with `arguments` (the command line after `galley`), when a word of
    /// `new post` before any `--` starts with `-` and is none of its options.
    static func problem(in arguments: [String]) -> String? {
        guard arguments.count > 2, arguments[0] == "new", arguments[1] == "post" else { return nil }
        var index = 2
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if options.contains(argument) {
                index += 2
                continue
            }
            let isOption = flags.contains(argument) || options.contains { argument.hasPrefix($0 + "=") }
            if argument.count > 1, argument.hasPrefix("-"), !isOption {
                return "'\(argument)' reads as an option, and galley new post has none by that name: a title that starts with '-' goes after --, as in galley new post -- '\(argument)'"
            }
            index += 1
        }
        return nil
    }
}
