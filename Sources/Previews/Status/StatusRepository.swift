/// A repository as a forge's API names it: `owner/name` on GitHub and Gitea, a project's path
/// (`group/subgroup/name`) or numeric id on GitLab.
///
/// It goes into the path of a request that carries the token, and may come from a remote's URL
/// or a CI variable, so only plain names pass: no `..`, no empty part, nothing that a URL would
/// read as more than a name.
package struct StatusRepository: Sendable, Equatable, CustomStringConvertible {
    /// The name, as the API takes it before any encoding.
    package let path: String

    /// `text` checked for `forge`; the error says what a name looks like there.
    package init(_ text: String, for forge: Forge) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let plain = parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        }
        let shaped = switch forge {
        case .github, .gitea: parts.count == 2
        case .gitlab: parts.count >= 2 || (parts.count == 1 && parts[0].allSatisfy(\.isNumber))
        }
        guard plain, shaped else {
            let expected = forge == .gitlab ? "a project's path such as group/blog, or its numeric id" : "OWNER/NAME such as octo/blog"
            throw StatusOptionError("'\(text)' is not a \(forge) repository: give \(expected)")
        }
        path = text
    }

    package var description: String { path }
}
