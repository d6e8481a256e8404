import Testing

@testable import SiteImport

@Suite struct ImportPlanTests {
    @Test func everyDestinationIsCheckedBeforeItIsPlanned() {
        var plan = ImportPlan(settings: GalleySettings(origin: "Jekyll"))
        plan.copy("a.md", to: "posts/a.md", as: .post)
        plan.copy("b/a.md", to: "posts/a.md", as: .post)
        plan.copy("galley.yml", to: "galley.yml", as: .staticFile)
        plan.copy("x\ty.css", to: "static/x\ty.css", as: .staticFile)
        plan.copy("up.css", to: "static/../../up.css", as: .staticFile)
        plan.copy("abs.css", to: "/etc/abs.css", as: .staticFile)
        #expect(plan.copies.map(\.destination.string) == ["posts/a.md"])
        #expect(plan.notes.map(\.description) == [
            "b/a.md: not copied: posts/a.md is already taken by another file of the site",
            "galley.yml: not copied: galley.yml is already taken by another file of the site",
            "x\\u{9}y.css: not copied: its path has a control character in it",
            "up.css: not copied: its path has a '.' or '..' in it, which would step out of its folder",
            "abs.css: not copied: its path starts with '/'",
        ])
    }

    @Test func aLongListOfPathsIsShortenedOnItsLine() {
        var plan = ImportPlan(settings: GalleySettings(origin: "Hugo"))
        plan.leaveOut(paths: (1...10).map { "f\($0)" } + ["f1"], "left")
        #expect(plan.notes.map(\.subject) == ["f1, f2, f3, f4, f5, f6, f7, f8 and 2 more"])
    }
}
