import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

@Suite struct OutputErrorTests {
    /// What the file system refuses reaches the user as the writer's own error, naming the post
    /// that asked for the file and saying that the output was left as it was.
    @Test func aPathTooLongForTheSystemIsAnOutputErrorNamingThePost() throws {
        let blog = try TestBlog(TestBlog.config, ["posts/2019-10-08-one.md": TestBlog.post("title: One")])
        try blog.build()
        let before = try blog.outputFiles()
        // Every name fits, but the whole path is longer than the kernel takes.
        let deep = "/" + Array(repeating: String(repeating: "a", count: 250), count: 20).joined(separator: "/") + "/"
        try blog.write("posts/2019-10-09-deep.md", TestBlog.post("title: Deep\naliases: [\"\(deep)\"]"))
        do {
            try blog.build()
            Issue.record("a path longer than the system takes was written")
        } catch let error as OutputError {
            #expect(error.message.contains("too long"), "\(error)")
            #expect(error.message.contains("posts/2019-10-09-deep.md"), "\(error)")
            #expect(error.message.contains("is as it was"), "\(error)")
        }
        #expect(try blog.outputFiles() == before)
    }
}
