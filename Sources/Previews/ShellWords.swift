/// A command line as a POSIX shell splits it into words, for options that take one (`--ssh`):
/// `ssh -o "ProxyCommand=ssh -W %h:%p gw"` is three words. Quotes and backslashes work as in
/// `sh`; nothing is expanded, so a `$` or a backquote outside single quotes is refused rather
/// than passed on as if a shell had seen it.
package enum ShellWords {
    /// The words of `line`; `option` names where it came from, for errors.
    package static func split(_ line: String, option: String) throws -> [String] {
        var words: [String] = []
        var word = "", inWord = false
        var characters = line.makeIterator()
        func refuse(_ why: String) -> DeployError { DeployError("\(option) '\(line)': \(why)", aboutOptions: true) }
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word); word = ""; inWord = false }
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw refuse("a single quote is not closed") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw refuse("a double quote is not closed") }
                    if next == "\"" { break }
                    if next == "$" || next == "`" { throw refuse("no shell runs it, so \(next) would not be expanded; write the value out in full") }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw refuse("a double quote is not closed") }
                        // Inside double quotes a backslash escapes only these; elsewhere it stays.
                        if !"$`\"\\\n".contains(escaped) { word.append("\\") }
                        if escaped != "\n" { word.append(escaped) }
                        continue
                    }
                    word.append(next)
                }
            case "\\":
                guard let escaped = characters.next() else { throw refuse("it ends with a backslash") }
                if escaped != "\n" { word.append(escaped); inWord = true }
            case "$", "`":
                throw refuse("no shell runs it, so \(character) would not be expanded; write the value out in full")
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
