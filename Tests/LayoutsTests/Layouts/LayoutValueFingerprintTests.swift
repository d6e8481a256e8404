import Digests
import Foundation
@testable import Layouts
import Testing

/// The digest of a layout value is what the cache compares a page's site values and a theme's
/// words by: it must not depend on dictionary order, and its bytes stay as they were made.
@Suite struct LayoutValueFingerprintTests {
    /// Every kind of value, nested, with lists of dictionaries and of strings as layouts hold them.
    static var value: [String: Any] {
        [
            "title": "A blog & more", "count": 3, "ratio": 0.25, "draft": false, "empty": "",
            "menu": [["name": "Home", "url": "/"], ["name": "Café", "url": "/café/"]] as [[String: Any]],
            "tags": ["swift", "ipad"], "nested": ["deeper": ["deepest": [1, 2, 3]] as [String: Any]] as [String: Any],
            "substring": Substring("a part"), "mixed": [1, "two", true, 4.5] as [Any],
        ]
    }

    @Test func itIsTheDigestItWasMadeAs() {
        #expect(Fingerprint.of(value: Self.value).bytes.map { String(format: "%02x", $0) }.joined() == "d5352a8e0d99a89a4e244310cc4088f903852721adfcc518be95387a6ee07359")
    }

    @Test func dictionaryOrderDoesNotMatter() {
        var reordered: [String: Any] = [:]
        for key in Self.value.keys.sorted().reversed() { reordered[key] = Self.value[key] }
        #expect(Fingerprint.of(value: reordered) == Fingerprint.of(value: Self.value))
        var changed = Self.value
        changed["count"] = 4
        #expect(Fingerprint.of(value: changed) != Fingerprint.of(value: Self.value))
        // A number and the same digits as text are not one value.
        changed["count"] = "3"
        #expect(Fingerprint.of(value: changed) != Fingerprint.of(value: Self.value))
    }
}
