import Testing

import Text

@Suite struct SlugRuleTests {
    @Test func eachRuleMakesItsOwnSlug() {
        #expect(SlugRule.galley.slug("Notes on .NET Internals") == "notes-on-net-internals")
        #expect(SlugRule.hugo.slug("Notes on .NET Internals") == "notes-on-.net-internals")
        #expect(SlugRule(rawValue: "hugo") == .hugo)
    }

    @Test func aSafeSlugHasNoProblem() {
        #expect(SlugRule.problem(with: "notes-on-.net-internals") == nil)
        #expect(SlugRule.problem(with: "inspecting-ssl/tls-traffic") == nil)
        #expect(SlugRule.problem(with: "café") == nil)
    }

    @Test func anUnsafeSlugSaysWhy() {
        #expect(SlugRule.problem(with: "../x") == .dotName)
        #expect(SlugRule.problem(with: "a//b") == .emptyName)
        #expect(SlugRule.problem(with: "") == .empty)
        #expect(SlugRule.problem(with: String(repeating: "a", count: 300)) == .tooLong)
    }
}
