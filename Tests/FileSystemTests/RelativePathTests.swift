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

    /// Paths of slashes, dots and names, beyond ASCII too, cut and joined at random: the last
    /// name and the name without its extension as the string-view definitions gave them.
    @Test func namesAreTheOnesTheStringViewsGave() {
        func lastComponent(_ path: String) -> String {
            var bytes = path.utf8[...]
            while bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
            if let index = bytes.lastIndex(of: UInt8(ascii: "/")) { bytes = bytes[bytes.index(after: index)...] }
            return String(Substring(bytes))
        }
        func name(_ path: String) -> String {
            let file = lastComponent(path)
            let bytes = file.utf8
            guard let index = bytes.lastIndex(of: UInt8(ascii: ".")), index != bytes.startIndex else { return file }
            return String(Substring(bytes[..<index]))
        }
        let pieces = ["/", ".", "a", "md", "é", "日本", "..", "//", "x.y"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let path = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(RelativePath.lastComponent(of: path) == lastComponent(path), "\(path)")
            #expect(RelativePath.name(of: path) == name(path), "\(path)")
        }
    }
}
