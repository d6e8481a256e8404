import Foundation

package extension String {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's cost when there is nothing to
    /// trim: text that starts and ends with a visible ASCII character is returned as it is.
    /// Ten thousand posts have ten thousand titles and thirty thousand tags.
    func trimmingSpaces() -> String {
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        return trimmingCharacters(in: .whitespaces)
    }
}
