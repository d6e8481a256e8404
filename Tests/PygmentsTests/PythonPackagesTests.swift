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

        /// An executable file that is a program, as Python is, or a script (a pyenv shim).
        func program(_ relative: String, script: Bool = false) throws {
            try file(relative, script ? "#!/bin/sh\nexec python3 \"$@\"\n" : "\u{7F}ELF")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path(relative))
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createDirectory(at: url.appending(path: relative).deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: target)
        }

        func remove(_ relative: String) throws { try FileManager.default.removeItem(atPath: path(relative)) }

        func stamp(_ pythons: String...) -> String? {
            PythonPackages.installationStamp(of: "pygments", pythons: pythons.map(path))
        }
    }

    /// Debian's Python imports what `pip install` put in `/usr/local` before Debian's own package.
    @Test func aPackageInLocalIsTheOneStamped() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.program("usr/bin/python3.11")
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
        #expect(PythonPackages.searchFolders(of: root.path("usr/bin/python3")) == [
            root.path("usr/local/lib/python3.11/dist-packages"), root.path("usr/lib/python3/dist-packages"),
            root.path("usr/lib/python3.11/dist-packages"),
        ])
    }

    /// A virtual environment imports its own packages, and the base Python's unless its
    /// `pyvenv.cfg` says not to.
    @Test func aVirtualEnvironmentsOwnPackageIsTheOneStamped() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.program("opt/python/bin/python3.11")
        try root.file("opt/python/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.14.0'\n")
        let base = try #require(root.stamp("opt/python/bin/python3.11"))
        try root.link("env/bin/python3", to: root.path("opt/python/bin/python3.11"))
        try root.file("env/pyvenv.cfg", "home = \(root.path("opt/python/bin"))\ninclude-system-site-packages = false\n")
        try root.file("env/lib/python3.11/site-packages/.keep", "")
        // The environment cannot import the base Python's Pygments.
        #expect(root.stamp("env/bin/python3") == nil)
        // Without the line, as with `true`, it can.
        try root.file("env/pyvenv.cfg", "home = \(root.path("opt/python/bin"))\n")
        #expect(root.stamp("env/bin/python3") == base)
        try root.file("env/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.19.1'\n")
        let own = try #require(root.stamp("env/bin/python3"))
        #expect(own != base)
        try root.file("opt/python/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.14.1'\n")
        #expect(root.stamp("env/bin/python3") == own)
        try root.remove("env/lib/python3.11/site-packages/pygments")
        // The file may sit beside the executable; the last of a key is the one that counts.
        try root.remove("env/pyvenv.cfg")
        try root.file("env/bin/pyvenv.cfg", "include-system-site-packages = true\ninclude-system-site-packages = false\n")
        #expect(root.stamp("env/bin/python3") == nil)
    }

    /// An environment made with `--copies` holds a copy of Python, not a link: its `home` names
    /// the Python whose packages it may import.
    @Test func aCopiedEnvironmentFindsItsBaseByItsHome() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.program("usr/bin/python3.11")
        try root.file("usr/lib/python3/dist-packages/pygments/__init__.py", "__version__ = '2.14.0'\n")
        let debian = try #require(root.stamp("usr/bin/python3.11"))
        try root.program("env/bin/python3")
        try root.file("env/pyvenv.cfg", "home = \(root.path("usr/bin"))\ninclude-system-site-packages = true\nversion = 3.11.2\n")
        #expect(root.stamp("env/bin/python3") == debian)
        // Debian's site.py gives a virtual environment's base its site-packages first.
        #expect(PythonPackages.searchFolders(of: root.path("env/bin/python3"))?.prefix(2) == [
            root.path("env/lib/python3.11/site-packages"), root.path("usr/lib/python3.11/site-packages"),
        ])
    }

    /// An environment's executable that links to a Python is that Python's, whatever the
    /// file's `home` and `version` say (the Python it was made from may have moved on since).
    @Test func aLinkedEnvironmentFollowsItsLink() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.program("opt/python/bin/python3.12")
        try root.file("opt/python/lib/python3.12/site-packages/pygments/__init__.py", "__version__ = '2.19.1'\n")
        try root.program("usr/bin/python3.11")
        try root.file("usr/lib/python3/dist-packages/pygments/__init__.py", "__version__ = '2.14.0'\n")
        try root.link("env/bin/python3", to: root.path("opt/python/bin/python3.12"))
        try root.file("env/pyvenv.cfg", "home = \(root.path("usr/bin"))\nhome = \(root.path("elsewhere"))\nversion = 3.11.2\n")
        #expect(root.stamp("env/bin/python3") == root.stamp("opt/python/bin/python3.12"))
        #expect(PythonPackages.searchFolders(of: root.path("env/bin/python3")) == [
            root.path("env/lib/python3.12/site-packages"), root.path("opt/python/lib/python3.12/site-packages"),
        ])
    }

    /// An environment is a Python of its own, though its executable links to one on the list
    /// before it (an environment made with Debian's Python links to `/usr/bin/python3`), while
    /// two names of one program are one.
    @Test func anEnvironmentIsAnotherPythonThanTheOneItLinksTo() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.program("usr/bin/python3.11")
        try root.link("usr/bin/python3", to: "python3.11")
        try root.link("bin", to: "usr/bin")
        try root.link("env/bin/python3", to: root.path("usr/bin/python3"))
        try root.file("env/pyvenv.cfg", "home = \(root.path("usr/bin"))\ninclude-system-site-packages = false\n")
        try root.file("env/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.19.1'\n")
        #expect(PythonPackages.environment(of: root.path("bin/python3")) == PythonPackages.environment(of: root.path("usr/bin/python3")))
        #expect(PythonPackages.environment(of: root.path("env/bin/python3")) != PythonPackages.environment(of: root.path("usr/bin/python3")))
        // Debian's Python has no Pygments here: the environment's is the one imported.
        #expect(root.stamp("usr/bin/python3", "bin/python3", "env/bin/python3") == root.stamp("env/bin/python3"))
        #expect(root.stamp("env/bin/python3") != nil)
    }

    /// A pyenv shim is a script that runs whichever Python pyenv's settings name: no stamp, and
    /// none from a Python after it, which the helper would not run.
    @Test func aScriptThatRunsPythonIsNotStamped() throws {
        let root = FakeRoot()
        defer { try? FileManager.default.removeItem(at: root.url) }
        try root.program("shims/python3", script: true)
        try root.program("opt/python/bin/python3.11")
        try root.file("opt/python/lib/python3.11/site-packages/pygments/__init__.py", "__version__ = '2.14.0'\n")
        #expect(root.stamp("opt/python/bin/python3.11") != nil)
        #expect(root.stamp("shims/python3", "opt/python/bin/python3.11") == nil)
        // A Python that is not there is passed over, as the helper passes over it.
        #expect(root.stamp("missing/python3", "opt/python/bin/python3.11") != nil)
    }
}
