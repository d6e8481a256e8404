import Foundation

/// What is wrong with a JSON file Galley keeps (a manifest, a watcher's state), in words: the
/// decoder's own errors print as Swift values (`DecodingError.typeMismatch(Swift.Dictionary…`).
enum DecodingProblem {
    /// `error`, from `JSONDecoder`, said as where in the file and what was found there.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let context):
            return "\(place(context.codingPath)) holds a value of the wrong kind"
        case .valueNotFound(_, let context):
            return "\(place(context.codingPath)) has no value"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)) lacks \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not whole JSON" : "\(place(context.codingPath)) cannot be read"
        @unknown default:
            return "it cannot be read"
        }
    }

    /// A place in the file: `"previews" › "post-hello" › "commit"`, or the top of it.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top of the file" }
        return path.map { $0.intValue.map { "item \($0 + 1)" } ?? "\"\($0.stringValue)\"" }.joined(separator: " › ")
    }
}
