import Foundation

/// Where the Python packages Galley asks for (Pygments, emoji) are installed, told without
/// starting Python.
enum PythonPackages {
    /// The inode, size and modification time of the `PACKAGE/__init__.py` that the first of
    /// `pythons` to have one imports, found in the folders that Python searches for packages
    /// (see ``searchFolders(of:)``): a few `stat`s, where asking Python would take a process. An
    /// upgrade of the package replaces the file. Nil when none is found.
    static func installationStamp(of package: String, pythons: [String]) -> String? {
        for python in pythons {
            for folder in searchFolders(of: python) {
                var info = stat()
                guard stat("\(folder)/\(package)/__init__.py", &info) == 0 else { continue }
                let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
                return "\(String(info.st_ino, radix: 16))-\(String(info.st_size, radix: 16))-\(String(modified, radix: 16))"
            }
        }
        return nil
    }

    /// The folders `python -I` imports third-party packages from, in the order it tries them, as
    /// its `site` module lays them out:
    ///
    /// - a virtual environment's own (a `pyvenv.cfg` above its `bin/`), `lib/python3.X/site-packages`,
    ///   and only when the file says `include-system-site-packages = true`, the base Python's too;
    /// - Debian's Python looks in `/usr/local/lib/python3.X/dist-packages` (where `pip install`
    ///   puts a newer Pygments) before `/usr/lib/python3/dist-packages` (Debian's package);
    /// - Python built from source (pyenv, `/opt`) in `PREFIX/lib/python3.X/site-packages`.
    ///
    /// The base prefix is the folder above the real executable's `bin/`. A Python whose version
    /// its file name does not give (`python3`) is looked for in each `python3.X` there is.
    static func searchFolders(of python: String) -> [String] {
        var folders: [String] = []
        let given = URL(fileURLWithPath: python)
        let environment = given.deletingLastPathComponent().deletingLastPathComponent()
        if let settings = try? String(contentsOf: environment.appending(path: "pyvenv.cfg"), encoding: .utf8) {
            folders += versionFolders(in: environment.path + "/lib", of: python).map { "\($0)/site-packages" }
            guard Self.includesSystemPackages(settings) else { return folders }
        }
        guard let real = realpath(python, nil) else { return folders }
        let executable = String(cString: real)
        free(real)
        let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent().path
        let versions = versionFolders(in: prefix + "/lib", of: executable)
        folders += versions.map { prefix + "/local/lib/" + URL(fileURLWithPath: $0).lastPathComponent + "/dist-packages" }
        folders.append(prefix + "/lib/python3/dist-packages")
        folders += versions.flatMap { [$0 + "/dist-packages", $0 + "/site-packages"] }
        return folders
    }

    /// `lib/python3.X` for the version the executable's name gives (`python3.11`), or each such
    /// folder in `lib` when it gives none.
    private static func versionFolders(in lib: String, of executable: String) -> [String] {
        let name = URL(fileURLWithPath: executable).lastPathComponent
        if name.hasPrefix("python3."), name.dropFirst("python3.".count).allSatisfy(\.isNumber), name.count > "python3.".count {
            return [lib + "/" + name]
        }
        let found = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
        return found.filter { $0.hasPrefix("python3.") }.sorted().map { lib + "/" + $0 }
    }

    /// Whether a `pyvenv.cfg` lets the environment see the base Python's packages.
    private static func includesSystemPackages(_ settings: String) -> Bool {
        settings.split(whereSeparator: \.isNewline).contains { line in
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            return parts.count == 2 && parts[0] == "include-system-site-packages" && parts[1] == "true"
        }
    }
}
