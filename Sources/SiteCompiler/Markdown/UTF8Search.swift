/// Substring search over UTF-8 bytes, for the hot paths where Foundation's `range(of:)` (which
/// goes through UTF-16) costs more than the work around it.
enum UTF8Search {
    /// The byte offset of the first `needle` in `haystack`, or nil.
    static func offset(of needle: String, in haystack: String) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return 0 }
        var text = haystack
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count >= pattern.count else { return nil }
            var index = 0
            let last = bytes.count - pattern.count
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                    if matched == pattern.count { return index }
                }
                index += 1
            }
            return nil
        }
    }
}
