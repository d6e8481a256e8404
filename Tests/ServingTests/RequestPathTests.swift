import Testing

@testable import Serving

@Suite struct RequestPathTests {
    @Test func foldersFilesAndQueries() throws {
        #expect(RequestPath(target: "/")?.fileKey == "index.html")
        #expect(RequestPath(target: "/2024/01/hello/")?.fileKey == "2024/01/hello/index.html")
        #expect(RequestPath(target: "/style.css?v=2")?.fileKey == "style.css")
        #expect(RequestPath(target: "/tags/c%23/")?.fileKey == "tags/c#/index.html")
        #expect(RequestPath(target: "/caf%C3%A9/")?.fileKey == "café/index.html")
        #expect(RequestPath(target: "/a%20b.txt")?.fileKey == "a b.txt")
    }

    @Test(arguments: ["", "x", "/..", "/../x", "/a/../b", "/%2e%2e/x", "/%2E%2e/x", "/a%2fb", "/a%2Fb", "/a%5cb", "/a\\b", "//x",
                      "/a//b", "/./x", "/%2e/x", "/%00", "/a%0a", "/%", "/%4", "/%zz", "/%ff", "/%c3"])
    func pathsThatNameNoFileOfTheSite(target: String) {
        #expect(RequestPath(target: target) == nil, "\(target)")
    }
}
