import Testing

@testable import SiteImport

@Suite struct JekyllPermalinkTests {
    /// The plan a site with `permalink` (none when nil) gets.
    func carried(_ permalink: String?) -> ImportPlan {
        var plan = ImportPlan(settings: GalleySettings(origin: "Jekyll"))
        JekyllPermalink.carry(permalink, into: &plan)
        return plan
    }

    /// What a pattern of Jekyll's built-in styles becomes: with `:categories` when Galley has it.
    func withCategories(_ rest: String) -> String {
        GalleyFeatures.categoriesInAddresses ? "/:categories" + rest : rest
    }

    @Test func theBuiltInStylesAreSpeltOut() {
        #expect(carried(nil).settings.permalink == withCategories("/:year/:month/:day/:slug.html"))
        #expect(carried("date").settings.permalink == withCategories("/:year/:month/:day/:slug.html"))
        #expect(carried("pretty").settings.permalink == withCategories("/:year/:month/:day/:slug/"))
        #expect(carried("none").settings.permalink == withCategories("/:slug.html"))
    }

    @Test func placeholdersMapOneForOne() {
        #expect(carried("/news/:year/:month/:day/:title/").settings.permalink == "/news/:year/:month/:day/:slug/")
        #expect(carried("/:year/:month/:day/:hour:minute:second-:title:output_ext").settings.permalink
            == "/:year/:month/:day/:hour:minute:second-:slug.html")
        #expect(carried("/blog/:title.html").settings.permalink == "/blog/:slug.html")
        #expect(carried("/blog/:title.html").notes.isEmpty)
    }

    @Test func whatHasNoMatchIsReportedNotGuessed() {
        for pattern in ["ordinal", "weekdate", "/:year/:i_month/:i_day/:title/", "/:short_year/:title/"] {
            let plan = carried(pattern)
            #expect(plan.settings.permalink == nil, "\(pattern)")
            #expect(plan.notes.count == 1)
            #expect(plan.notes.first?.kind == .check)
            #expect(plan.notes.first?.message.contains("which Galley has no match for") == true, "\(pattern)")
        }
        #expect(carried("/:year/:i_month/:title/").notes.first?.message.contains(":i_month") == true)
    }

    @Test func anAddressWithoutAnEndingBecomesAnHTMLFileWithANote() {
        let plan = carried("/:year/:title")
        #expect(plan.settings.permalink == "/:year/:slug.html")
        #expect(plan.notes.map(\.message).contains { $0.contains("has no ending") })
    }

    @Test func categoriesAreKeptOnlyWhenGalleyHasThem() {
        var plan = carried("/:categories/:title/")
        if GalleyFeatures.categoriesInAddresses {
            #expect(plan.settings.permalink == "/:categories/:slug/")
            #expect(plan.notes.isEmpty)
        } else {
            #expect(plan.settings.permalink == "/:slug/")
            #expect(plan.notes.map(\.message).contains { $0.contains("puts a post's categories in its address") })
            #expect(JekyllPermalink.carry("/:categories/:title/", into: &plan))
        }
    }

    @Test func jekyllsSlugIsFlaggedForItsCase() {
        let plan = carried("/:year/:slug/")
        #expect(plan.settings.permalink == "/:year/:slug/")
        #expect(plan.notes.map(\.message).contains { $0.contains("lowercases the file name") })
    }
}
