import Foundation
import SiteSource

@testable import SiteCompiler

/// A ``SourceTree`` held in memory: a blog a test makes up on the spot, with any paths at all,
/// as a crafted git tree could hold.
struct MemorySource: SourceTree {
    var files: [String: Data]

    init(_ files: [String: String]) {
        self.files = files.mapValues { Data($0.utf8) }
    }

    var description: String { "memory" }

    func files(under directory: String) throws -> [String] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        return files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    func contents(of path: String) throws -> Data {
        guard let data = files[path] else { throw SourceTreeError.notFound(path) }
        return data
    }

    func fileExists(_ path: String) -> Bool { files[path] != nil }
}
