import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct StatusRepositoryTests {
    @Test func eachForgesNames() throws {
        #expect(try StatusRepository("octo/blog", for: .github).path == "octo/blog")
        #expect(try StatusRepository("group/sub/blog.site", for: .gitlab).path == "group/sub/blog.site")
        #expect(try StatusRepository("4711", for: .gitlab).path == "4711")
        #expect(throws: StatusOptionError.self) { try StatusRepository("group/sub/blog", for: .github) }
        #expect(throws: StatusOptionError.self) { try StatusRepository("4711", for: .gitea) }
    }

    /// Names that would reach another part of the API, or another host, with the token.
    @Test func hostileNamesAreRefused() {
        for name in ["octo/..", "../blog", "octo//blog", "octo/blog?x=1", "octo/blog#x", "octo/%2e%2e", "octo/bl og", "/octo/blog", "octo/blog/",
                     "octo/blög", "octo/blog\n"] {
            #expect(throws: StatusOptionError.self, "\(name)") { try StatusRepository(name, for: .gitlab) }
        }
    }

    @Test func theRepositoryARemotesURLNames() {
        func named(_ url: String, _ forge: Forge = .github) -> String? { StatusRepository(remoteURL: url, for: forge)?.path }
        #expect(named("https://github.com/octo/blog.git") == "octo/blog")
        #expect(named("https://user@github.com/octo/blog") == "octo/blog")
        #expect(named("git@github.com:octo/blog.git") == "octo/blog")
        #expect(named("ssh://git@git.example.com:2222/team/blog.git/", .gitea) == "team/blog")
        #expect(named("https://gitlab.com/group/sub/blog.git", .gitlab) == "group/sub/blog")
        #expect(named("/srv/git/blog.git") == nil)
        #expect(named("file:///srv/git/octo/blog.git") == nil)
        #expect(named("https://github.com/group/sub/blog.git") == nil)
        #expect(named("https://github.com/octo/../blog") == nil)
    }
}
