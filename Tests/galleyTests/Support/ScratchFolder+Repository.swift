import Foundation

extension ScratchFolder {
    /// Makes the bare repository `server.git` that a watcher watches, and the clone `work/` that
    /// pushes to it, with `files` (paths in the blog) committed and pushed as `main`.
    func pushBlog(_ files: [String: String]) throws {
        let work = url.appending(path: "work"), server = url.appending(path: "server.git")
        for (path, text) in files { try write("work/\(path)", text) }
        try git(["init", "-q", "--bare", "-b", "main", server.path], in: url)
        try git(["init", "-q", "-b", "main"], in: work)
        try git(["add", "-A"], in: work)
        try git(["commit", "-q", "-m", "blog"], in: work)
        try git(["push", "-q", server.path, "main"], in: work)
    }
}
