import Foundation

/// Where the Python packages Galley asks for (Pygments, emoji) are installed, told without
/// starting Python.
enum PythonPackages {
    /// The inode, size and modification time of the `PACKAGE/__init__.py` that the first of
    /// `pythons` to have one imports, found where Python installs packages below its prefix
    /// (`/usr/lib/python3/dist-packages`, `lib/python3.11/site-packages`): a few `stat`s, where
    /// asking Python would take a process. An upgrade of the package replaces the file. Nil when
    /// none is found.
    static func installationStamp(of package: String, pythons: [String]) -> String? {
        for python in pythons {
            guard let real = realpath(python, nil) else { continue }
            let executable = String(cString: real)
            free(real)
            let prefix = URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent().path
            let lib = prefix + "/lib"
            let versions = ((try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []).filter { $0.hasPrefix("python3") }.sorted()
            for folder in versions.flatMap({ [$0 + "/dist-packages", $0 + "/site-packages"] }) {
                var info = stat()
                guard stat("\(lib)/\(folder)/\(package)/__init__.py", &info) == 0 else { continue }
                let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
                return "\(String(info.st_ino, radix: 16))-\(String(info.st_size, radix: 16))-\(String(modified, radix: 16))"
            }
        }
        return nil
    }
}
