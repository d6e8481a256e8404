import FileSystem
import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct OutputErrorTests {
    /// A path longer than the kernel takes in one call reaches the user as the post's mistake,
    /// found before anything is written (it was once the writer's error, met in the spare
    /// folder), and the output is as it was.
    @Test func aPathTooLongForTheSystemIsAnErrorNamingThePost() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One")])
        try blog.build()
        let before = try blog.outputFiles()
        // Every name fits, but the whole path is longer than the kernel takes.
        let deep = "/" + Array(repeating: String(repeating: "a", count: 250), count: 20).joined(separator: "/") + "/"
        try blog.write("posts/2019-10-09-deep.md", TestBlog.post("title: Deep\naliases: [\"\(deep)\"]"))
        let failure = blog.failure().map(\.description)
        #expect(failure.count == 1)
        #expect(failure.first?.hasPrefix("posts/2019-10-09-deep.md:") == true, "\(failure)")
        #expect(failure.first?.contains("longer than \(RelativePath.maximumPathLength) bytes") == true, "\(failure)")
        #expect(try blog.outputFiles() == before)
    }
}
