import Foundation

extension ContainedFolder {
    /// Copies what the open file `source` holds, from where it stands, to a new file `relative`
    /// below this folder, and gives it the access and modification times of `times`, which is
    /// what `fstat` says of `source`. An existing file
    /// at `relative` is an error, never overwritten.
    package func copy(from source: Int32, to relative: String, times: stat) throws(FileSystemError) {
        let file = open(relative, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
        guard file >= 0 else { throw failure(relative, errno, "cannot write") }
        defer { close(file) }
        // As big as the file, up to a megabyte: a blog's thousands of small posts each cost a
        // small buffer, not a megabyte made and zeroed.
        var buffer = [UInt8](repeating: 0, count: min(max(Int(times.st_size), 4096), 1 << 20))
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(relative, errno, "cannot read the file to copy") }
            if count == 0 { break }
            try FileBytes.write(buffer[..<count], to: file, path: path + "/" + relative)
        }
        var stamps = [times.accessTime, times.modificationTime]
        _ = futimens(file, &stamps)
    }
}
