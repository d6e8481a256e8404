import Failures
import FileSystem
import Testing

@Suite struct GalleyErrorTests {
    struct Placed: GalleyError {
        var place: ErrorPlace?
        var message: String
        var category: FailureCategory { .other }
    }

    @Test func anErrorIsSaidAsItsPlaceThenItsMessage() {
        #expect(Placed(place: ErrorPlace("posts/a.md", line: 3), message: "no title").said == "posts/a.md:3: no title")
        #expect(Placed(place: ErrorPlace("out"), message: "cannot write").said == "out: cannot write")
        #expect(Placed(place: nil, message: "the branch main went away").said == "the branch main went away")
        // Its text for logs and tools is the same.
        #expect(Placed(place: ErrorPlace("a", line: 1), message: "b").description == "a:1: b")
    }

    @Test func aFileSystemErrorNamesItsPath() {
        let error = FileSystemError(path: "site/out", message: "Permission denied")
        #expect(error.said == "site/out: Permission denied")
        #expect(error.description == error.said)
    }
}
