import Testing

import Text

@Suite struct SlugHugoTests {
    /// Titles from a real Hugo blog, and what Hugo's `urlize` made of them.
    @Test(arguments: [
        ("Notes on .NET Internals", "notes-on-.net-internals"),
        ("Inspecting SSL/TLS Traffic", "inspecting-ssl/tls-traffic"),
        ("beautify.js", "beautify.js"),
    ])
    func keepsDotsAndSlashes(title: String, expected: String) {
        #expect(Slug.hugo(title) == expected)
    }

    /// Hugo today makes a run of spaces one `-`, and none right after a `-` it keeps; a run of
    /// `-` written as such stays. Older Hugo turned every space into a `-`
    /// (`format-code---prettier`): a blog last built with one of those moves where they differ.
    @Test(arguments: [
        ("Format code - prettier", "format-code-prettier"),
        ("foo--bar", "foo--bar"),
        ("foo- bar", "foo-bar"),
        ("  Foo   bar  ", "foo-bar"),
        ("Tab\tand space", "tab-and-space"),
    ])
    func spacesAndHyphens(title: String, expected: String) {
        #expect(Slug.hugo(title) == expected)
    }

    @Test(arguments: [
        ("Café crème", "café-crème"),
        ("Банковский кассир", "банковский-кассир"),
        ("은행", "은행"),
        ("fOO,bar:foobAR", "foobarfoobar"),
        ("this+is+a+test", "this+is+a+test"),
        ("~foo", "~foo"),
        ("foo@bar", "foo@bar"),
        ("Question? Yes!", "question-yes"),
        ("It's 100% done", "its-100-done"),
    ])
    func keepsLettersOfAnyScriptAndDropsPunctuation(title: String, expected: String) {
        #expect(Slug.hugo(title) == expected)
    }

    /// What Hugo keeps but no Galley address may hold.
    @Test(arguments: [
        ("C# tips", "c-tips"),
        ("back\\slash", "backslash"),
        ("%2e%2e", "2e2e"),
    ])
    func dropsWhatNoAddressMayHold(title: String, expected: String) {
        #expect(Slug.hugo(title) == expected)
    }

    /// A hostile title comes out as it would in Hugo; ``SlugRule/problem(with:)`` stops it.
    @Test(arguments: ["../x", "a//b", ".", "..", "/etc", "x/", "!!!"])
    func hostileTitlesAreCaught(title: String) {
        #expect(SlugRule.problem(with: Slug.hugo(title)) != nil, "\(Slug.hugo(title))")
    }

    @Test func hostileTitlesKeepTheirShape() {
        #expect(Slug.hugo("../x") == "../x")
        #expect(Slug.hugo("a//b") == "a//b")
        #expect(Slug.hugo(".") == ".")
    }

    /// Hugo reads the address `:title` makes as a query string, where `+` is a space; a tag's
    /// page keeps its `+`.
    @Test(arguments: [
        ("a + b", "a--b"),
        ("a+b", "a-b"),
        ("C++ tips", "c-tips"),
        ("C++", "c-"),
        ("Why C#?", "why-c"),
        ("Notes on .NET Internals", "notes-on-.net-internals"),
    ])
    func titlesReadPlusAsASpace(title: String, expected: String) {
        #expect(Slug.hugoTitle(title) == expected)
    }

    @Test func tagsKeepTheirPlus() {
        #expect(Slug.hugo("C++") == "c++")
        #expect(Slug.hugo("a + b") == "a-+-b")
    }
}
