import Foundation

/// Where the Python packages Galley asks for (Pygments, emoji) are installed, told without
/// starting Python.
enum PythonPackages {
    /// The inode, size and modification time of the `PACKAGE/__init__.py` that the first of
    /// `pythons` to have one imports, found in the folders that Python searches for packages
    /// (see ``searchFolders(of:)``): a few `stat`s, where asking Python would take a process. An
    /// upgrade of the package replaces the file. Nil when none is found, or when the first
    /// Python there is a script (a pyenv shim) whose folders only running it would tell.
    static func installationStamp(of package: String, pythons: [String]) -> String? {
        // The helper is started from the same list, the first that runs and has the package.
        for python in pythons where access(python, X_OK) == 0 {
            guard let folders = searchFolders(of: python) else { return nil }
            for folder in folders {
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
    /// - a virtual environment's (a `pyvenv.cfg` beside the executable or in the folder above
    ///   it) own `lib/python3.X/site-packages`, then, unless the file says
    ///   `include-system-site-packages = false`, those of the Python its `home` names;
    /// - Debian's Python (a prefix named `usr`) looks in `/usr/local/lib/python3.X/dist-packages`
    ///   (where `pip install` puts a newer Pygments) before `/usr/lib/python3/dist-packages`
    ///   (Debian's package);
    /// - a Python built from source (pyenv's versions, `/opt`, `/usr/local`) in
    ///   `PREFIX/lib/python3.X/site-packages`.
    ///
    /// The prefix is the folder above the real executable's `bin/`. Nil for an executable that
    /// is a script, such as a pyenv shim: which Python it runs depends on settings a `stat`
    /// cannot see.
    static func searchFolders(of python: String) -> [String]? {
        let bin = URL(fileURLWithPath: python).standardized.deletingLastPathComponent()
        let environment = bin.deletingLastPathComponent()
        guard let real = realpath(python, nil) else { return nil }
        let executable = String(cString: real)
        free(real)
        guard !isScript(executable) else { return nil }
        var folders: [String] = []
        var base = Base(executable: executable)
        var inEnvironment = false
        for candidate in [bin.path, environment.path] {
            guard let settings = EnvironmentSettings(file: candidate + "/pyvenv.cfg") else { continue }
            let version = settings.version ?? base.version(named: python)
            folders += versionFolders(in: environment.path + "/lib", version: version).map { $0 + "/site-packages" }
            guard settings.includesSystemPackages else { return folders }
            if let home = settings.home { base.prefix = URL(fileURLWithPath: home).standardized.deletingLastPathComponent().path }
            if let version { base.version = version }
            inEnvironment = true
            break
        }
        let versions = versionFolders(in: base.prefix + "/lib", version: base.version)
        guard URL(fileURLWithPath: base.prefix).lastPathComponent == "usr" else {
            return folders + versions.map { $0 + "/site-packages" }
        }
        // Debian's own site.py: site-packages only for a virtual environment's base.
        if inEnvironment { folders += versions.map { $0 + "/site-packages" } }
        folders += versions.map { base.prefix + "/local/lib/" + URL(fileURLWithPath: $0).lastPathComponent + "/dist-packages" }
        folders.append(base.prefix + "/lib/python3/dist-packages")
        folders += versions.map { $0 + "/dist-packages" }
        return folders
    }

    /// The Python an executable runs: its prefix and, when its name says (`python3.11`), its version.
    private struct Base {
        var prefix: String
        var version: String?

        init(executable: String) {
            let url = URL(fileURLWithPath: executable)
            prefix = url.deletingLastPathComponent().deletingLastPathComponent().path
            version = Self.version(named: url.lastPathComponent)
        }

        /// The version the executable's own name gives, or the real one's.
        func version(named python: String) -> String? {
            Self.version(named: URL(fileURLWithPath: python).lastPathComponent) ?? version
        }

        /// `python3.11` for an executable named so; nil for `python3`.
        static func version(named name: String) -> String? {
            let minor = name.dropFirst("python3.".count)
            guard name.hasPrefix("python3."), !minor.isEmpty, minor.allSatisfy(\.isNumber) else { return nil }
            return name
        }
    }

    /// What a virtual environment's `pyvenv.cfg` says, read as Python's `site` reads it: `key =
    /// value` lines, the last of a key winning.
    private struct EnvironmentSettings {
        var home: String?
        /// `python3.11` for `version = 3.11.7`.
        var version: String?
        var includesSystemPackages = true

        /// The settings in `file`; nil when it is not a regular file (or is too long to be one).
        init?(file: String) {
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 1 << 16,
                  let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
            for line in text.split(whereSeparator: \.isNewline) {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                switch key {
                case "include-system-site-packages": includesSystemPackages = value.lowercased() == "true"
                case "home": home = value
                case "version", "version_info":
                    let parts = value.split(separator: ".")
                    if parts.count >= 2, parts[0] == "3", parts[1].allSatisfy(\.isNumber) { version = "python3.\(parts[1])" }
                default: continue
                }
            }
        }
    }

    /// `lib/python3.X` for `version`, or each such folder in `lib` when it is not known.
    private static func versionFolders(in lib: String, version: String?) -> [String] {
        if let version { return [lib + "/" + version] }
        let found = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
        return found.filter { Base.version(named: $0) != nil }.sorted().map { lib + "/" + $0 }
    }

    /// Whether the regular file at `path` starts with `#!`.
    private static func isScript(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 2)) == Data("#!".utf8)
    }
}
