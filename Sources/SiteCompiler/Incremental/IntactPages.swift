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
    /// still holds as that build left them: a stat each. (The spare is brought up to date
    /// only once the pages are rendered, so no link made by this build has moved a stamp yet.)
    static func check(_ records: [String: BuildCache.PageRecord], in live: URL) -> Background<IntactPages>? {
        guard let folder = OpenFolder(live.path) else { return nil }
        return Background {
            let intact = records.filter { path, record in FileStamp.of(path, in: folder) == record.stamp }
            return IntactPages(records: intact)
        }
    }
}
