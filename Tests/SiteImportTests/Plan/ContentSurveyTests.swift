import Testing

@testable import SiteImport

@Suite struct ContentSurveyTests {
    @Test func templateTagsAndShortcodesAreFound() {
        for text in [
            "See {% link _docs/index.md %}.", "{{ site.title }}", "{{page.date | date: '%Y'}}", "{{- content -}}",
            "{{< youtube id >}}", "{{% notice %}}x{{% /notice %}}", "{{ youtube(id=\"x\") }}",
        ] {
            #expect(ContentSurvey.holdsTemplateTags(text), "\(text)")
        }
        for text in ["Plain *Markdown*.", "A {brace} and }} two", "{{ }}", "Set {{a, b}} apart"] {
            #expect(!ContentSurvey.holdsTemplateTags(text), "\(text)")
        }
    }

    @Test func aPagesAddressIsTheOneGalleyGivesIt() {
        #expect(ContentSurvey.pageAddress("pages/about.md") == "/about/")
        #expect(ContentSurvey.pageAddress("pages/docs/guide.markdown") == "/docs/guide/")
        #expect(ContentSurvey.pageAddress("pages/docs/index.md") == "/docs/")
        #expect(ContentSurvey.pageAddress("pages/index.md") == "/")
        #expect(ContentSurvey.normalized("about") == "/about/")
        #expect(ContentSurvey.normalized("//about//") == "/about/")
    }
}
