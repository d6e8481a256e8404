/// An empty argument is a mistake wherever it stands: each value Galley takes names something
/// (a folder, a branch, a domain, a file), and an empty one is most often a shell variable that
/// was never set. Read as a folder it was the current one: `galley build site -o "$OUT"` built
/// into the folder the command ran in, and `galley import old "$DEST"` imported there.
enum EmptyArgument {
    /// Options whose command says more about an empty value than this can.
    static let toldByTheirCommand: Set<String> = ["--to", "--production-to"]

    /// What is wrong with `arguments` (the command line after `galley`) when one is empty, or
    /// an option's value joined to it with `=` is.
    static func problem(in arguments: [String]) -> String? {
        let hint = "every value Galley takes names something (is a shell variable unset?)"
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--"), argument.hasSuffix("="), !toldByTheirCommand.contains(String(argument.dropLast())) {
                return "\(argument.dropLast()) is empty: \(hint)"
            }
            guard argument.isEmpty else { continue }
            guard index > 0 else { return "the first argument is empty: \(hint)" }
            let before = arguments[index - 1]
            if toldByTheirCommand.contains(before) { continue }
            return "an empty argument follows \(before): \(hint)"
        }
        return nil
    }
}
