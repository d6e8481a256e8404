import FileSystem
import Foundation
import Testing

/// What another build reading a folder sees while files are put into it.
@Suite struct ContainedFolderMirrorTests {
    /// A page put into a spare that was live a build ago, where a new preview's build may still
    /// be linking files from: under its own name, it is only ever whole.
    @Test func aReplacedFileTakesItsNameOnlyOnceWhole() throws {
        let (scratch, folder) = try ContainedFolderTests.folders()
        _ = try folder.write(Data("old".utf8), to: "old.html")
        try folder.makeFolder("was-a-folder.html")
        _ = try folder.write(Data("inner".utf8), to: "was-a-folder.html/inner.html")
        let watch = try FolderEvents(scratch.path + "/inside")

        try folder.replace("new.html", with: Data("new".utf8))
        try folder.replace("old.html", with: Data("newer".utf8))
        try folder.replace("was-a-folder.html", with: Data("a file now".utf8))

        let events = watch.read()
        for name in ["new.html", "old.html", "was-a-folder.html"] {
            // Made, written and closed under another name; then renamed to this one.
            #expect(events.filter { $0.name == name }.map(\.mask) == [UInt32(IN_MOVED_TO)], "\(name): \(events)")
        }
        #expect(folder.read("new.html") == Array("new".utf8))
        #expect(folder.read("old.html") == Array("newer".utf8))
        #expect(folder.read("was-a-folder.html") == Array("a file now".utf8))
        #expect(folder.listing().files == ["new.html", "old.html", "was-a-folder.html"])
        #expect(ContainedFolderTests.secret(scratch) == "secret")
    }
}

/// The names made, written into or moved into one folder, as inotify reports them.
private final class FolderEvents {
    struct Event: CustomStringConvertible {
        var name: String
        var mask: UInt32
        var description: String { "\(name) \(String(mask, radix: 16))" }
    }

    private let descriptor: Int32

    init(_ path: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        try #require(descriptor >= 0)
        try #require(inotify_add_watch(descriptor, path, UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0)
    }

    deinit { close(descriptor) }

    /// Every event so far: the kernel queues each as the call that causes it returns.
    func read() -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return events }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let start = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[start..<(start + length)].prefix { $0 != 0 }, as: UTF8.self)
                events.append(Event(name: name, mask: mask & ~UInt32(IN_ISDIR)))
                offset = start + length
            }
        }
    }
}
