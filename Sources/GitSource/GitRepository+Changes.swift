import CLibGit2
import Foundation

extension GitRepository {
    /// The files below `folders` (paths relative to the working tree; a file's own path works
    /// too) that differ from the commit checked out: changed, added to the index, or new,
    /// ignored ones too (a build reads them all the same), sorted; none for a bare repository.
    package func uncommitted(in folders: [String]) throws(GitError) -> [String] {
        guard !isBare, !folders.isEmpty else { return [] }
        var options = git_status_options()
        try GitError.check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "cannot ask for the working tree's changes")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_INCLUDE_IGNORED.rawValue | GIT_STATUS_OPT_RECURSE_IGNORED_DIRS.rawValue
            | GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue
        // A folder's path takes everything below it, as `git status -- posts` does, and is read
        // as it is written, not as a pattern: a folder named `we[b]` is that folder, not `web`.
        let specs = folders.map { strdup($0) }
        defer { specs.forEach { free($0) } }
        var pointers = specs
        var list: OpaquePointer?
        let code = pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
            options.pathspec = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return git_status_list_new(&list, pointer, &options)
        }
        try GitError.check(code, "cannot read the working tree's changes")
        defer { git_status_list_free(list) }
        var paths = Set<String>()
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee else { continue }
            let delta = entry.index_to_workdir ?? entry.head_to_index
            guard let delta, let path = delta.pointee.new_file.path ?? delta.pointee.old_file.path else { continue }
            paths.insert(String(cString: path))
        }
        return paths.sorted()
    }
}
