import Foundation
import TestThreads
import Testing

/// `galley theme eject`, run as a user runs it, on a copy of the sample blog.
@Suite(.onBlockingPool) struct ThemeCommandTests {
    /// The sample blog copied into `folder` as `blog`.
    func sampleBlog(in folder: ScratchFolder) throws -> URL {
        let blog = folder.url.appending(path: "blog")
        try FileManager.default.copyItem(at: BuildCommandTests.sampleSite, to: blog)
        return blog
    }

    /// Every file below `root` by its relative path, with its bytes.
    func files(under root: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            found[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return found
    }

    @Test func ejectingEverythingBuildsTheSamePagesByteForByte() throws {
        let folder = try ScratchFolder()
        _ = try sampleBlog(in: folder)
        let before = try GalleyProcess.run(["build", "blog", "-o", "before", "--no-cache"], in: folder.url)
        #expect(before.status == 0, "\(before.stderr)")

        let eject = try GalleyProcess.run(["theme", "eject", "--site", "blog"], in: folder.url)
        #expect(eject.status == 0, "\(eject.stderr)")
        #expect(eject.stderr.isEmpty, "\(eject.stderr)")
        #expect(eject.stdout.contains("wrote blog/layouts/post.mustache\n"), "\(eject.stdout)")
        #expect(eject.stdout.contains("wrote blog/static/style.css\n"), "\(eject.stdout)")
        let layouts = try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "blog/layouts").path)
        #expect(layouts.contains("base.mustache") && layouts.contains("head-extra.mustache") && layouts.contains("post.mustache"))
        #expect(layouts.allSatisfy { $0.hasSuffix(".mustache") }, "the favicons and strings stay in the theme: \(layouts)")
        #expect(eject.stdout.hasSuffix("\(layouts.count + 1) files written, 0 kept; the blog's copies now take the place of the theme's\n"))

        let after = try GalleyProcess.run(["build", "blog", "-o", "after", "--no-cache"], in: folder.url)
        #expect(after.status == 0, "\(after.stderr)")
        let built = try files(under: folder.url.appending(path: "before"))
        let rebuilt = try files(under: folder.url.appending(path: "after"))
        #expect(built.count > 30)
        #expect(Set(built.keys) == Set(rebuilt.keys))
        for (path, bytes) in built.sorted(by: { $0.key < $1.key }) {
            #expect(rebuilt[path] == bytes, "\(path) differs once the theme is ejected")
        }

        // An edited copy is what the blog then builds with.
        let post = folder.url.appending(path: "blog/layouts/post.mustache")
        let edited = try String(contentsOf: post, encoding: .utf8).replacingOccurrences(of: "<article class=\"post h-entry\">", with: "<article class=\"post h-entry mine\">")
        try Data(edited.utf8).write(to: post)
        let mine = try GalleyProcess.run(["build", "blog", "-o", "mine", "--no-cache"], in: folder.url)
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(folder.read("mine/2024/03/02/hello-galley/index.html")?.contains("<article class=\"post h-entry mine\">") == true)
    }

    @Test func anEditedFileIsKeptAndNamed() throws {
        let folder = try ScratchFolder()
        _ = try sampleBlog(in: folder)
        try folder.write("blog/layouts/footer.mustache", "<footer>mine</footer>\n")
        try folder.write("blog/static/style.css", "body { color: teal; }\n")

        let eject = try GalleyProcess.run(["theme", "eject", "footer", "post", "style.css"], in: folder.url.appending(path: "blog"))
        #expect(eject.status == 0, "\(eject.stderr)")
        #expect(eject.stdout == """
            wrote layouts/post.mustache
            kept layouts/footer.mustache: it is already there (remove it to get the theme's copy)
            kept static/style.css: it is already there (remove it to get the theme's copy)
            1 file written, 2 kept; the blog's copies now take the place of the theme's

            """, "\(eject.stdout)")
        #expect(folder.read("blog/layouts/footer.mustache") == "<footer>mine</footer>\n")
        #expect(folder.read("blog/static/style.css") == "body { color: teal; }\n")
        #expect(folder.read("blog/layouts/post.mustache")?.contains("{{<base}}") == true)
        #expect(folder.read("blog/layouts/base.mustache") == nil, "only the files named are written")

        // Names may be written as the files are.
        let again = try GalleyProcess.run(["theme", "eject", "--site", "blog", "layouts/base.mustache", "header.mustache"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("wrote blog/layouts/base.mustache\nwrote blog/layouts/header.mustache\n"), "\(again.stdout)")
    }

    @Test func anUnknownNameIsRefusedWithTheNearestOne() throws {
        let folder = try ScratchFolder()
        _ = try sampleBlog(in: folder)
        let result = try GalleyProcess.run(["theme", "eject", "--site", "blog", "psot", "post"], in: folder.url)
        #expect(result.status == 2, "a usage error")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: psot: is not a file of the default theme (did you mean 'post'? the theme has 404, archive, base,"), "\(result.stderr)")
        #expect(result.stderr.contains(", tags, style.css)\n"), "\(result.stderr)")
        #expect(folder.read("blog/layouts/post.mustache") == nil, "nothing is written when a name is wrong")
    }

    @Test func symbolicLinksInTheWayAreRefusedAndNothingIsWritten() throws {
        let folder = try ScratchFolder()
        _ = try sampleBlog(in: folder)
        try folder.write("elsewhere/keep.txt", "x")
        try FileManager.default.createDirectory(at: folder.url.appending(path: "blog/layouts"), withIntermediateDirectories: true)
        symlink("../../elsewhere/target.mustache", folder.url.appending(path: "blog/layouts/post.mustache").path)

        let result = try GalleyProcess.run(["theme", "eject", "--site", "blog"], in: folder.url)
        #expect(result.status == 4, "a file in the way")
        #expect(result.stderr.contains("error: blog/layouts/post.mustache: is a symbolic link; galley theme eject never writes through one"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "blog/layouts").path) == ["post.mustache"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "elsewhere").path) == ["keep.txt"])
        #expect(folder.read("blog/static/style.css") == nil)

        // A linked folder is refused too.
        try FileManager.default.removeItem(at: folder.url.appending(path: "blog/layouts"))
        symlink("../elsewhere", folder.url.appending(path: "blog/layouts").path)
        let linked = try GalleyProcess.run(["theme", "eject", "--site", "blog", "post"], in: folder.url)
        #expect(linked.status == 4)
        #expect(linked.stderr.contains("error: blog/layouts: is a symbolic link"), "\(linked.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "elsewhere").path) == ["keep.txt"])
    }

    @Test func aFolderWithoutSettingsGetsTheErrorBuildGives() throws {
        let folder = try ScratchFolder()
        try folder.write("notes/readme.txt", "not a blog")
        let build = try GalleyProcess.run(["build", "notes"], in: folder.url)
        let eject = try GalleyProcess.run(["theme", "eject", "--site", "notes"], in: folder.url)
        #expect(build.status == 3, "not a blog folder")
        #expect(eject.status == build.status)
        let said = "error: notes/galley.yml: not found: a blog folder needs a galley.yml with at least a title (galley new site DIR writes a blog folder)\n"
        #expect(build.stderr.hasPrefix(said), "\(build.stderr)")
        #expect(eject.stderr == said, "\(eject.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appending(path: "notes").path) == ["readme.txt"])

        let missing = try GalleyProcess.run(["theme", "eject", "--site", "nowhere"], in: folder.url)
        #expect(missing.status == 3)
        #expect(missing.stderr.hasPrefix("error: nowhere: no such folder"), "\(missing.stderr)")
    }
}
