import Foundation
import Testing

@testable import Pygments

/// The installation stamp must name the copy of a package that Python will import: a no-op
/// build trusts it to say that Pygments is as the last build found it.
@Suite struct PythonPackagesTests {
    /// A folder that plays the root of a file system: `usr/bin/python3.11` and the rest below it.
    private struct FakeRoot {
        let url = FileManager.default.temporaryDirectory.appending(path: "galley-python-\(UUID().uuidString)")

        func path(_ relative: String) -> String { url.appending(path: relative).path }

        func file(_ relative: String, _ text: String) throws {
            let file = url.appending(path: relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A new file renamed over the old, as an upgrade writes one: another inode.
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createDirectory(at: url.appending(path: relative).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
        }

        func remove(_ relative: String) throws { try FileManager.default.removeItem(atPath: path(relative)) }

        func stamp(_ python: String) -> String? { PythonPackages.installationStamp(of: "pygments", pythons: [path(python)]) }
    }

    /// Debian's Python imports what `pip install` put in `/usr/local` before Debian's own package.
    @Test func aPackageInLocalIsTheOneStamped() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.file("usr/bin/python3.11", "#!/bin/sh\n")
        try root.link("usr/bin/python3", to: "python3.11")
        try root.file("usr/lib/python3/dist-packages/pygments/__init__.py", "__version__ = '2.14.0'\n")
        let debian = try #require(root.stamp("usr/bin/python3"))
        try root.file("usr/local/lib/python3.11/dist-packages/pygments/__init__.py", "__version__ = '2.19.1'\n")
        let local = try #require(root.stamp("usr/bin/python3"))
        #expect(local != debian)
        // Debian's package upgraded beneath it changes nothing Python imports; the local one does.
        try root.file("usr/lib/python3/dist-packages/pygments/__init__.py", "__version__ = '2.14.1'\n")
        #expect(root.stamp("usr/bin/python3") == local)
        try root.file("usr/local/lib/python3.11/dist-packages/pygments/__init__.py", "__version__ = '2.19.2'\n")
        #expect(root.stamp("usr/bin/python3") != local)
        #expect(PythonPackages.searchFolders(of: root.path("usr/bin/python3")).prefix(2) == [
            root.path("usr/local/lib/python3.11/dist-packages"), root.path("usr/lib/python3/dist-packages"),
        ])
    }

    /// A virtual environment imports its own packages, and the base Python's only when its
    /// `pyvenv.cfg` says so.
    @Test func aVirtualEnvironmentsOwnPackageIsTheOneStamped() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.file("opt/python/bin/python3.11", "#!/bin/sh\n")
        try root.file("opt/python/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.14.0'\n")
        let base = try #require(root.stamp("opt/python/bin/python3.11"))
        try root.link("env/bin/python3", to: root.path("opt/python/bin/python3.11"))
        try root.file("env/pyvenv.cfg", "home = \(root.path("opt/python/bin"))\ninclude-system-site-packages = false\n")
        try root.file("env/lib/python3.11/site-packages/.keep", "")
        // The environment cannot import the base Python's Pygments.
        #expect(root.stamp("env/bin/python3") == nil)
        try root.file("env/pyvenv.cfg", "home = \(root.path("opt/python/bin"))\ninclude-system-site-packages = true\n")
        #expect(root.stamp("env/bin/python3") == base)
        try root.file("env/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.19.1'\n")
        let own = try #require(root.stamp("env/bin/python3"))
        #expect(own != base)
        try root.file("opt/python/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.14.1'\n")
        #expect(root.stamp("env/bin/python3") == own)
        try root.remove("env/lib/python3.11/site-packages/pygments")
        try root.file("env/pyvenv.cfg", "include-system-site-packages = false\n")
        #expect(root.stamp("env/bin/python3") == nil)
    }
}
