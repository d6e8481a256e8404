import FileSystem
import Foundation
import SiteSource

/// Whether a build need touch the output at all.
extension OutputWriter {
    /// Whether the live folder already holds exactly `tree`, so that nothing need be touched: the
    /// usual case for a rebuild after an edit that changed no output, or no edit at all.
    /// `liveFiles` is what the live folder holds by the spare record, when one was trusted.
    /// `written`, when given, is a page the build wrote, whose file alone may differ.
    func isUpToDate(_ tree: OutputTree, from source: any SourceTree, live: ContainedFolder?, pages: PageOutcome,
                    liveFiles: Set<String>?, except written: String? = nil) throws -> Bool {
        guard let live else { return false }
        if let liveFiles, liveFiles.count != tree.files.count { return false }
        // Cheap checks first, on every core: every page published must have been found the
        // same as its live file, and every path be one the record names. A page kept was found
        // in the live folder as the last build left it, a stat each while the sources were read:
        // looking again cost a build that changed nothing (a file saved as it was, or changed
        // within two seconds of the last build) 60 ms at 10,000 posts.
        let paths = Array(tree.files.keys)
        let looks = Parallel.map(paths, inRuns: true) { path -> PathLook in
            if let liveFiles, !liveFiles.contains(path) { return .differs }
            if pages.kept(path) { return .same }
            guard case .page = tree.files[path]!.content else { return .toCompare }
            return pages.same.contains(path) || path == written ? .same : .differs
        }
        if looks.contains(.differs) { return false }
        let others = zip(paths, looks).compactMap { $1 == .toCompare ? $0 : nil }
        // Without a record the folder is listed, which for a big blog costs more than the rest.
        if liveFiles == nil, live.listing().files != Set(tree.files.keys) { return false }
        for path in others {
            // A source that cannot be read is not up to date; the write that follows says why.
            guard let bytes = try? Self.bytes(of: tree.files[path]!.content, from: source), live.regularFile(path, holding: bytes) != nil else {
                return false
            }
        }
        return true
    }

    /// What ``isUpToDate(_:from:live:pages:liveFiles:except:)`` first finds of a path.
    private enum PathLook: Sendable { case same, differs, toCompare }
}
