import FileSystem

/// What an import will write: the settings, the files to copy and the notes for the report.
/// Every destination is checked here, before anything is written.
struct ImportPlan: Sendable {
    var settings: GalleySettings
    private(set) var copies: [FileCopy] = []
    private(set) var notes: [ImportNote] = []
    private var destinations: Set<String> = [GalleySettings.fileName]

    init(settings: GalleySettings) {
        self.settings = settings
    }

    /// Plans a copy of `source` to `destination`. A destination that is not a plain path below
    /// the blog (a control character in a name, say), or that another file already takes, is
    /// reported and the file left behind.
    mutating func copy(_ source: String, to destination: String, as role: FileCopy.Role) {
        if let problem = RelativePath.problem(with: destination, allowingControls: false) {
            leaveOut(source, "not copied: its path \(problem)")
            return
        }
        guard destinations.insert(destination).inserted else {
            leaveOut(source, "not copied: \(destination) is already taken by another file of the site")
            return
        }
        copies.append(FileCopy(source: source, destination: RelativePath(destination)!, role: role))
    }

    /// Notes something of the site that the blog does not carry.
    mutating func leaveOut(_ subject: String, _ message: String) {
        notes.append(ImportNote(.notCarried, subject, message))
    }

    /// Notes something carried that is worth a look.
    mutating func check(_ subject: String, _ message: String) {
        notes.append(ImportNote(.check, subject, message))
    }

    /// Notes what a walk found that is not a regular file: never read, never copied.
    mutating func leaveOut(oddities listing: SourceListing) {
        for link in listing.links {
            leaveOut(link, "a symbolic link, not followed: copy what it points to into the site if it belongs there")
        }
        for other in listing.others {
            leaveOut(other, "not a regular file or folder, or its name is not UTF-8, or it is nested too deep: not read")
        }
    }

    /// How many files of `role` the plan copies.
    func count(_ role: FileCopy.Role) -> Int {
        copies.count { $0.role == role }
    }
}

extension ImportPlan {
    /// Notes `paths` (of the site) left behind for one reason, on one line: the first few named,
    /// and how many more.
    mutating func leaveOut(paths: [String], _ message: String) {
        guard !paths.isEmpty else { return }
        var seen: Set<String> = []
        leaveOut(Self.list(paths.filter { seen.insert($0).inserted }), message)
    }

    /// Notes `paths` carried with one thing to check, on one line.
    mutating func check(paths: [String], _ message: String) {
        guard !paths.isEmpty else { return }
        check(Self.list(paths), message)
    }

    /// The first eight of `paths` and how many more: a report stays short for a site of
    /// thousands of files.
    static func list(_ paths: [String]) -> String {
        let shown = paths.prefix(8).joined(separator: ", ")
        return paths.count > 8 ? "\(shown) and \(paths.count - 8) more" : shown
    }
}
