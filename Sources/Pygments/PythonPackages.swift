import FileSystem
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
        // The helper is started from the same list: the first that runs and has the package,
        // each Python tried once (see ``environment(of:)``).
        var tried = Set<String>()
        for python in pythons where access(python, X_OK) == 0 && tried.insert(environment(of: python)).inserted {
            guard let folders = searchFolders(of: python) else { return nil }
            for folder in folders {
                var info = stat()
                guard stat("\(folder)/\(package)/__init__.py", &info) == 0 else { continue }
                return info.replacementStamp
            }
        }
        return nil
    }

    /// What tells one Python apart from another in a list of them: a virtual environment's
    /// folder, else the real executable. `/bin/python3` is `/usr/bin/python3` on a merged-/usr
    /// system, but an environment made with Debian's Python links to that same executable and
    /// imports other packages.
    static func environment(of python: String) -> String {
        let bin = URL(fileURLWithPath: python).standardized.deletingLastPathComponent()
        if EnvironmentSettings.file(for: bin) != nil { return "environment " + bin.deletingLastPathComponent().path }
        return resolved(python) ?? python
    }

    /// The folders `python -I` imports third-party packages from, in the order it tries them, as
    /// its `site` module lays them out:
    ///
    /// - a virtual environment's (a `pyvenv.cfg` beside the executable or in the folder above
    ///   it) own `lib/python3.X/site-packages`, then, unless the file says
    ///   `include-system-site-packages = false`, those of the Python it was made from: the one
    ///   its executable links to, or for a copy (`--copies`), the one in the file's `home`;
    /// - Debian's Python (a prefix named `usr`) looks in `/usr/local/lib/python3.X/dist-packages`
    ///   (where `pip install` puts a newer Pygments) before `/usr/lib/python3/dist-packages`
    ///   (Debian's package);
    /// - a Python built from source (pyenv's versions, `/opt`, `/usr/local`) in
    ///   `PREFIX/lib/python3.X/site-packages`.
    ///
    /// The prefix is the folder above the real executable's `bin/`, the version the one its name
    /// gives (`python3.11`), else the environment's `version`. Folders that `.pth` files add
    /// (editable installs) are not followed. Nil for an executable that is a script, such as a
    /// pyenv shim: which Python it runs depends on settings a `stat` cannot see.
    static func searchFolders(of python: String) -> [String]? {
        let bin = URL(fileURLWithPath: python).standardized.deletingLastPathComponent()
        guard let executable = resolved(python), !isScript(executable) else { return nil }
        var folders: [String] = []
        var base = Base(executable: executable)
        var inEnvironment = false
        if let file = EnvironmentSettings.file(for: bin) {
            let settings = EnvironmentSettings(file: file)
            let environment = bin.deletingLastPathComponent().path
            if base.version == nil { base.version = settings.version }
            folders += versionFolders(in: environment + "/lib", version: base.version).map { $0 + "/site-packages" }
            guard settings.includesSystemPackages else { return folders }
            // A linked executable leads to its Python; a copy has only the file to say where it came from.
            var info = stat()
            if lstat(python, &info) == 0, info.st_mode & S_IFMT != S_IFLNK, let home = settings.home {
                base.prefix = URL(fileURLWithPath: home).standardized.deletingLastPathComponent().path
            }
            inEnvironment = true
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

    /// The path with every link followed; nil when there is nothing there.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
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

        /// `python3.11` for an executable named so; nil for `python3`.
        static func version(named name: String) -> String? {
            let minor = name.dropFirst("python3.".count)
            guard name.hasPrefix("python3."), !minor.isEmpty, minor.allSatisfy(\.isNumber) else { return nil }
            return name
        }
    }

    /// What a virtual environment's `pyvenv.cfg` says, read as Python reads it: `key = value`
    /// lines, the first `home` (as the executable's start-up takes it) and the last
    /// `include-system-site-packages` (as `site` takes it) winning.
    private struct EnvironmentSettings {
        var home: String?
        /// `python3.11` for `version = 3.11.7`.
        var version: String?
        var includesSystemPackages = true

        /// The `pyvenv.cfg` that makes the executables in `bin` an environment's: a regular file
        /// there or in the folder above.
        static func file(for bin: URL) -> String? {
            [bin.path, bin.deletingLastPathComponent().path].lazy.map { $0 + "/pyvenv.cfg" }.first { file in
                var info = stat()
                return stat(file, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            }
        }

        /// The settings in `file`: its first megabyte, bytes that are not UTF-8 read as U+FFFD.
        init(file: String) {
            guard let handle = FileHandle(forReadingAtPath: file) else { return }
            defer { try? handle.close() }
            let text = String(decoding: (try? handle.read(upToCount: 1 << 20)) ?? Data(), as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline) {
                guard let equals = line.firstIndex(of: "=") else { continue }
                let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                switch key {
                case "include-system-site-packages": includesSystemPackages = value.lowercased() == "true"
                case "home" where home == nil: home = value
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
