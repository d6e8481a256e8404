import Foundation
import SiteTestSupport
import Testing

@testable import SiteCompiler

/// What `galley build` is asked, checked and settled before anything is built.
@Suite struct BuildRequestTests {
    @Test func pathsDefaultToTheBlogsOwnFolder() throws {
        let blog = try TestBlog()
        let request = try BuildRequest(site: blog.root.path)
        #expect(request.output == blog.root.appending(path: "_site"))
        #expect(request.cache == blog.root.appending(path: ".galley-cache"))
        #expect(try BuildRequest(site: blog.root.path, noCache: true).cache == nil)
        let elsewhere = try BuildRequest(site: blog.root.path, output: "/tmp/out", cache: "/tmp/cache")
        #expect(elsewhere.output.path == "/tmp/out" && elsewhere.cache?.path == "/tmp/cache")
    }

    @Test func optionsCarryTheBaseURLAndFlags() throws {
        let blog = try TestBlog()
        let request = try BuildRequest(site: blog.root.path, baseURL: "https://preview.example.com", includeDrafts: true, noindex: true)
        #expect(request.options.baseURL?.absoluteString == "https://preview.example.com/")
        #expect(request.options.includeDrafts && !request.options.includeFuture && request.options.noindex)
        #expect { try BuildRequest(site: blog.root.path, baseURL: "ftp://x") } throws: { error in
            (error as? BuildRequestError)?.message.hasPrefix("--base-url 'ftp://x' must be an absolute http or https address") == true
        }
    }

    @Test func aMissingBlogFolderIsRefused() {
        #expect { try BuildRequest(site: "/nowhere/at/all") } throws: { error in
            (error as? BuildRequestError)?.message == "/nowhere/at/all: no such folder"
        }
    }

    @Test func anOutputInsideAFolderTheBuildReadsIsRefusedEvenThroughALink() throws {
        let blog = try TestBlog()
        try blog.write("static/logo.txt", "logo")
        #expect { try BuildRequest(site: blog.root.path, output: blog.root.appending(path: "static/site").path) } throws: { error in
            (error as? BuildRequestError)?.message.contains("is inside static/, where the next build would read it back") == true
        }
        try blog.write("posts/2024-01-01-a.md", TestBlog.post("title: A"))
        #expect(symlink(blog.root.appending(path: "posts").path, blog.root.appending(path: "elsewhere").path) == 0)
        #expect { try BuildRequest(site: blog.root.path, output: blog.root.appending(path: "elsewhere/new/out").path) } throws: { error in
            (error as? BuildRequestError)?.message.contains("is inside posts/") == true
        }
        #expect(try BuildRequest(site: blog.root.path, output: blog.root.appending(path: "public").path).output.lastPathComponent == "public")
    }
}
