import Digests
import FileSystem
import Foundation
import SiteContent
import SiteSource

/// The pages the last build made whose live files are still as it left them, with what each
/// was made from: a page planned from the same inputs is kept rather than rendered.
struct IntactPages: Outdatedness {
    var records: [String: BuildCache.PageRecord]

    func kept(_ path: String, fingerprint: Fingerprint) -> KeptPage? {
        guard let record = records[path], record.fingerprint == fingerprint else { return nil }
        return .file(record.stamp)
    }
}

extension IntactPages {
    /// Starts finding, on another thread, which of the last build's `records` the live folder
    /// still holds as that build left them: a stat each. A file the spare sync linked was looked
    /// at just before (its link changed its change time): it is intact if it was so then, and
    /// its stamp is now the one from after.
    static func check(_ records: [String: BuildCache.PageRecord], in live: URL,
                      relinked: [String: (before: FileStamp, after: FileStamp)]) -> Background<IntactPages>? {
        guard let folder = OpenFolder(live.path) else { return nil }
        return Background {
            var intact = records.filter { path, record in
                relinked[path].map { $0.before == record.stamp } ?? (FileStamp.of(path, in: folder) == record.stamp)
            }
            for (path, stamps) in relinked where intact[path] != nil { intact[path]?.stamp = stamps.after }
            return IntactPages(records: intact)
        }
    }
}
