import Foundation

extension SiteBuilder {
    /// Forgets everything builds left for the output folder `output` besides the folder itself:
    /// the spare folder and the lock file beside it, and its files in the cache folder `cache`
    /// (the cache, the stamp and the spare's record). For an output that is going away, so that
    /// a later build into a folder of the same name starts afresh. Links are removed, never
    /// followed.
    package static func forget(output: URL, cache: URL) {
        OutputWriter(destination: output).removeLeftovers()
        let file = BuildCache.file(for: output, in: cache)
        for url in [file, BuildStamp.file(beside: file), SpareRecord.file(beside: file)] + BuildCache.allDocumentsFiles(beside: file) {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
