import FileSystem
import Testing

@Suite struct RelativePathTests {
    @Test(arguments: ["a", "a/b/c.html", "...", ".hidden/x", "a/..b", "2019/10/08/hello/index.html", "😀/ü"])
    func aPathBelowARootIsAccepted(path: String) throws {
        #expect(try RelativePath(validating: path).string == path)
    }

    @Test(arguments: [
        ("", RelativePath.Problem.empty), ("/etc/passwd", .absolute), ("a//b", .emptyName), ("a/", .emptyName),
        (".", .dotName), ("..", .dotName), ("a/../../b", .dotName), ("a/./b", .dotName), ("a\u{0}b", .nul),
        (String(repeating: "x", count: 256), .tooLong), (String(repeating: "a/", count: 2_000) + "b", .pathTooLong),
    ])
    func aPathThatCouldLeaveItsRootIsRefusedWithTheReason(path: String, problem: RelativePath.Problem) {
        #expect(RelativePath.problem(with: path) == problem)
        #expect(RelativePath(path) == nil)
        #expect(throws: problem) { try RelativePath(validating: path) }
    }

    @Test func aNameAtTheLimitIsAcceptedAndControlsOnlyWhenAllowed() {
        #expect(RelativePath(String(repeating: "x", count: RelativePath.maximumNameLength)) != nil)
        #expect(RelativePath(String(repeating: "a/", count: 1_999) + "bc") != nil)
        #expect(RelativePath.problem(with: "a\u{7}b") == nil)
        #expect(RelativePath.problem(with: "a\u{7}b", allowingControls: false) == .control)
        #expect(RelativePath.problem(with: "a\u{7F}b", allowingControls: false) == .control)
    }

    @Test func theFolderNameAndLastComponentOfAPath() {
        #expect(RelativePath.folder(of: "posts/2019/hello.md") == "posts/2019")
        #expect(RelativePath.folder(of: "hello.md") == "")
        #expect(RelativePath.lastComponent(of: "posts/2019/") == "2019")
        #expect(RelativePath.name(of: "posts/hello.world.md") == "hello.world")
        #expect(RelativePath.name(of: "posts/.hidden") == ".hidden")
    }
}
