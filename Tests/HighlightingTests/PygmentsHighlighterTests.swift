import Foundation
import Testing
@testable import Highlighting

@Suite struct PygmentsHighlighterTests {
    @Test func placeholder() {}
}
