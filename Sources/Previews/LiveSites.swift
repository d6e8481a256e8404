/// The sites a destination serves, as one listing of it shows them: for a watcher to tell a
/// preview that was removed by hand (or a destination wiped) from one that is still up.
package struct LiveSites: Sendable {
    /// The names in the destination's folder: each preview is a link `<label>.<domain>`.
    var names: Set<String>
    var domain: String
    /// Whether the production site is live; nil when no production folder is set.
    var production: Bool?
    /// Branches whose previews `galley previews remove` took down, with the commit each was at.
    var removed: [String: String] = [:]
    /// Whether `galley previews remove --production` took the production site down.
    var productionRemoved = false

    /// Whether what `record` says was deployed is still there. Failed and overtaken builds put
    /// nothing up, so there is nothing to miss.
    func holds(_ record: WatchState.Branch, of branch: String, productionBranch: Bool) -> Bool {
        switch record.status {
        case .production:
            return production ?? true || productionRemoved
        case .deployed:
            if productionBranch { return production ?? true || productionRemoved }
            guard let label = record.label else { return false }
            // The watcher asks only about branches still at the commit it recorded, so any mark
            // means this very tip (or the release a rollback showed) was taken down on purpose.
            return names.contains("\(label).\(domain)") || removed[branch] != nil
        case .failed, .superseded, .removed:
            return true
        }
    }
}
