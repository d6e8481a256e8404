import Foundation
import TestThreads
import Testing

/// `galley previews list` and `remove`, and `galley host`'s index and per-release addresses, as
/// an operator uses them on a server a watcher publishes to.
@Suite(.onBlockingPool) struct PreviewsCommandTests {
    let folder: ScratchFolder
    var server: URL { folder.url.appending(path: "server.git") }
    var blog: URL { folder.url.appending(path: "blog") }
    var watch: [String] {
        ["watch", "--repo", server.path, "--to", "previews", "--domain", "p.test", "--production-to", "site", "--once", "--keep", "2"]
    }

    init() throws {
        folder = try ScratchFolder()
        try folder.write("blog/galley.yml", "title: Listed\nbase_url: https://blog.example.com/\n")
        try folder.write("blog/posts/2024-01-01-one.md", "---\ntitle: One\n---\nThe first words.\n")
        try git(["init", "-q", "-b", "main"], in: blog)
        try git(["add", "-A"], in: blog)
        try git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "Start the blog"], in: blog)
        try git(["init", "-q", "--bare", server.path], in: folder.url)
        try git(["push", "-q", server.path, "main", "main:refs/heads/post/one", "main:refs/heads/post/two"], in: blog)
    }

    /// Commits an edit on `branch` and pushes it to the server; returns the commit.
    func push(_ branch: String, _ words: String, subject: String) throws -> String {
        try git(["checkout", "-q", "-B", branch], in: blog)
        try folder.write("blog/posts/2024-01-01-one.md", "---\ntitle: One\n---\n\(words)\n")
        try git(["-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-am", subject], in: blog)
        try git(["push", "-q", "-f", server.path, branch], in: blog)
        return try git(["rev-parse", "HEAD"], in: blog).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func run(_ arguments: [String]) throws -> GalleyProcess.Result {
        try GalleyProcess.run(arguments, in: folder.url)
    }

    /// A mistyped --to listed "No previews yet." and exited 0, as if nothing had been deployed.
    @Test func listingAFolderThatIsNotThereIsAnError() throws {
        for arguments in [["previews", "list", "--to", "previwes"], ["previews", "list", "--to", "previwes", "--json"]] {
            let listed = try run(arguments)
            #expect(listed.status == 2, "\(listed.stderr)")  // as for a rollback there: a --to that names nothing
            #expect(listed.stdout.isEmpty)
            #expect(listed.stderr.contains("previwes is no folder: nothing was ever deployed there (check --to)"), "\(listed.stderr)")
        }
    }

    @Test func listThenRemoveByLabelBranchAgeAndGoneBranches() throws {
        #expect(try run(watch).status == 0)
        let edited = try push("post/one", "Edited words.", subject: "Edit the first post \u{1B}]52;c;aGk=\u{07}")
        let first = try run(watch)
        #expect(first.stderr.contains("1 deployed"), "\(first.stderr)")

        let list = try run(["previews", "list", "--to", "previews"])
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("SITE") == true)
        #expect(lines.dropFirst().first?.hasPrefix("(production)  main") == true, "\(list.stdout)")
        let one = try #require(lines.first { $0.hasPrefix("post-one ") })
        #expect(!list.stdout.contains("\u{1B}") && !list.stdout.contains("\u{07}"), "a subject's control characters reached the terminal")
        #expect(one.contains("\(edited.prefix(7)) Edit the first post ?]52;c;aGk=?") && one.contains(" live ") && one.contains("https://post-one.p.test/"), "\(one)")
        #expect(one.range(of: #"\d+ KB"#, options: .regularExpression) != nil, "\(one)")

        // JSON for scripts: production (found from the manifest) first, each release with its address.
        let json = try run(["previews", "list", "--to", "previews", "--json", "--releases"])
        let sites = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(sites.map { $0["label"] as? String ?? "production" } == ["production", "post-one", "post-two"])
        #expect(sites.first?["production"] as? Bool == true && sites.first?["url"] as? String == "https://blog.example.com/")
        // Each site says its warnings, none as 0, for a script that reads the count.
        #expect(sites.map { $0["warnings"] as? Int } == [0, 0, 0], "\(json.stdout)")
        let releases = try #require(sites[1]["releases"] as? [[String: Any]])
        #expect(releases.compactMap { $0["url"] as? String }.last == "https://\(edited.prefix(7))--post-one.p.test/")
        #expect(folder.read("previews/\(edited.prefix(7))--post-one.p.test/2024/01/01/one/index.html")?.contains("Edited words.") == true)

        // A label that is not there: nothing is removed.
        let unknown = try run(["previews", "remove", "--to", "previews", "post-one", "nope"])
        #expect(unknown.status == 2 && unknown.stderr.contains("has no preview nope; nothing was removed"), "\(unknown.stderr)")
        #expect(folder.read("previews/post-one.p.test/index.html") != nil)
        // The production branch by name: no preview, and the way to remove production said.
        let main = try run(["previews", "remove", "--to", "previews", "--branch", "main"])
        #expect(main.status == 2 && main.stderr.contains("; main is the production site's branch: --production removes it"), "\(main.stderr)")
        #expect(folder.read("site/current/index.html") != nil)
        let nothing = try run(["previews", "remove", "--to", "previews"])
        #expect(nothing.status != 0 && nothing.stderr.contains("say which previews to remove"), "\(nothing.stderr)")

        let removed = try run(["previews", "remove", "--to", "previews", "post-one"])
        #expect(removed.status == 0 && removed.stderr.range(of: #"removed post-one \(post/one\), freed \d+ KB"#, options: .regularExpression) != nil,
                "\(removed.stderr)")
        #expect(folder.read("previews/post-one.p.test/index.html") == nil)
        #expect(folder.read("previews/\(edited.prefix(7))--post-one.p.test/index.html") == nil)
        // The watcher leaves it down until the branch moves.
        let quiet = try run(watch)
        #expect(quiet.stderr.contains("0 deployed, 0 failed, 0 removed, 3 unchanged"), "\(quiet.stderr)")
        // And its record says so (what the watcher's health check shows), not "deployed".
        let state = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: server.appending(path: "galley/watch.json"))) as? [String: Any])
        let targets = try #require(state["targets"] as? [String: [String: Any]])
        let statuses = targets.values.compactMap { ($0["branches"] as? [String: [String: Any]])?["post/one"]?["status"] as? String }
        #expect(statuses == ["removed"], "\(state)")
        _ = try push("post/one", "Moved on.", subject: "Move on")
        let back = try run(watch)
        #expect(back.stderr.contains("1 deployed"), "\(back.stderr)")
        #expect(folder.read("previews/post-one.p.test/2024/01/01/one/index.html")?.contains("Moved on.") == true)

        // By branch, and for branches gone from the repository.
        #expect(try run(["previews", "remove", "--to", "previews", "--branch", "post/one"]).status == 0)
        try git(["update-ref", "-d", "refs/heads/post/two"], in: server)
        // A --repo that is no repository is a path that cannot be used, as for `watch`.
        let noRepository = try run(["previews", "remove", "--to", "previews", "--gone", "--repo", folder.url.appending(path: "nowhere").path])
        #expect(noRepository.status == 4, "\(noRepository.stderr)")
        #expect(noRepository.stderr.hasPrefix("error: --repo "), "\(noRepository.stderr)")
        let wrongRemote = try run(["previews", "remove", "--to", "previews", "--gone", "--repo", server.path, "--remote", "nope"])
        #expect(wrongRemote.status != 0 && wrongRemote.stderr.contains("has no branches from the remote 'nope'; nothing was removed"), "\(wrongRemote.stderr)")
        #expect(folder.read("previews/post-two.p.test/index.html") != nil)
        let gone = try run(["previews", "remove", "--to", "previews", "--gone", "--repo", server.path, "--dry-run"])
        #expect(gone.stderr.contains("would remove post-two (post/two)"), "\(gone.stderr)")
        #expect(folder.read("previews/post-two.p.test/index.html") != nil)
        #expect(try run(["previews", "remove", "--to", "previews", "--gone", "--repo", server.path]).status == 0)
        #expect(folder.read("previews/post-two.p.test/index.html") == nil)

        // Age never takes production; --production does.
        _ = try push("post/three", "Three.", subject: "Three")
        #expect(try run(watch).status == 0)
        Thread.sleep(forTimeInterval: 1.1)
        let old = try run(["previews", "remove", "--to", "previews", "--older-than", "1s"])
        #expect(old.stderr.contains("removed post-three") && !old.stderr.contains("production"), "\(old.stderr)")
        #expect(folder.read("site/current/index.html") != nil)
        let production = try run(["previews", "remove", "--to", "previews", "--production"])
        #expect(production.stderr.contains("removed the production site (main)"), "\(production.stderr)")
        #expect(folder.read("site/current/index.html") == nil)
        #expect(try run(["previews", "list", "--to", "previews"]).stdout == "No previews yet.\n")
    }

    @Test func aManifestAnOlderGalleyWroteIsListedWithDomain() throws {
        #expect(try run(watch).status == 0)
        let file = folder.url.appending(path: "previews/.galley/previews.json")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        manifest["domain"] = nil
        manifest["productionTo"] = nil
        try JSONSerialization.data(withJSONObject: manifest).write(to: file)
        let bare = try run(["previews", "list", "--to", "previews"])
        #expect(bare.status == 2 && bare.stderr.contains("does not say what domain its previews are under") && bare.stderr.contains("--domain"), "\(bare.stderr)")
        let named = try run(["previews", "list", "--to", "previews", "--domain", "P.Test", "--no-sizes"])
        #expect(named.status == 0 && named.stdout.contains("https://post-one.p.test/") && !named.stdout.contains("(production)"), "\(named.stdout)")
        let bad = try run(["previews", "list", "--to", "previews", "--domain", "p_test"])
        #expect(bad.status != 0 && bad.stderr.contains("is not a domain name"), "\(bad.stderr)")
    }

    @Test func hostListsTheSameAndServesEachReleaseAtItsOwnAddress() async throws {
        #expect(try run(watch).status == 0)
        let edited = try push("post/one", "Edited words.", subject: "Edit <the> first post")
        #expect(try run(watch).status == 0)
        let original = try git(["rev-parse", "main"], in: blog).trimmingCharacters(in: .whitespacesAndNewlines)
        let host = try BackgroundGalley(["host", "--root", "previews", "--domain", "p.test", "--port", "0"], in: folder.url)
        #expect(eventually(within: 60) { host.stderr.contains("listening on http://127.0.0.1:") }, "\(host.stderr)")
        let port = try #require(host.stderr.components(separatedBy: "listening on http://127.0.0.1:").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) })
        let http = RawHTTP(port: port)

        let index = try await http.send("/", headers: ["Host": "p.test"])
        #expect(index.status == 200)
        #expect(index.text.contains("Edit &lt;the&gt; first post"))
        #expect(index.text.contains("href=\"//\(edited.prefix(7))--post-one.p.test/\""), "\(index.text)")
        #expect(index.text.contains("href=\"//\(original.prefix(7))--post-one.p.test/\""))
        #expect(index.text.range(of: #"<td>\d+ KB</td>"#, options: .regularExpression) != nil)
        #expect(index.text.contains("<a class=\"changes\" href=\"//post-one.p.test/_galley/changes/\">changes</a>"))
        let changes = try await http.send("/_galley/changes/", headers: ["Host": "post-one.p.test"])
        #expect(changes.status == 200 && changes.text.contains("Changed pages (2)") && changes.text.contains("Edit &lt;the&gt; first post"), "\(changes.text)")

        let now = try await http.send("/2024/01/01/one/", headers: ["Host": "post-one.p.test"])
        let before = try await http.send("/2024/01/01/one/", headers: ["Host": "\(original.prefix(7))--post-one.p.test"])
        let after = try await http.send("/2024/01/01/one/", headers: ["Host": "\(edited.prefix(7))--post-one.p.test"])
        #expect(now.text.contains("Edited words.") && after.text.contains("Edited words."))
        #expect(before.status == 200 && before.text.contains("The first words."), "\(before.status)")
        let none = try await http.send("/", headers: ["Host": "0000000--post-one.p.test"])
        #expect(none.status == 404)
        host.signal(SIGTERM)
        #expect(host.waitForExit(timeout: 30))
    }
}
