/// A regular file as a destination's disk holds it: enough to tell the bytes a site shares with
/// others (hard links into production or its other releases) from those that are its own.
package struct StoredFile: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64
    /// How many names the file has, in every folder.
    package var links: Int
    /// The bytes it takes on disk (allocated blocks, not its length).
    package var bytes: Int64

    package init(device: UInt64, inode: UInt64, links: Int, bytes: Int64) {
        self.device = device
        self.inode = inode
        self.links = links
        self.bytes = bytes
    }

    /// The bytes that removing every one of `files` would free: those of the files all of whose
    /// names are among them, each counted once.
    package static func ownBytes(_ files: [StoredFile]) -> Int64 {
        var seen: [StoredFile.Key: (links: Int, count: Int, bytes: Int64)] = [:]
        for file in files {
            seen[Key(device: file.device, inode: file.inode), default: (file.links, 0, file.bytes)].count += 1
        }
        return seen.values.reduce(0) { $0 + ($1.count >= $1.links ? $1.bytes : 0) }
    }

    /// The bytes `files` take, each file counted once however many names it has among them.
    package static func totalBytes(_ files: [StoredFile]) -> Int64 {
        var seen = Set<Key>()
        return files.reduce(0) { seen.insert(Key(device: $1.device, inode: $1.inode)).inserted ? $0 + $1.bytes : $0 }
    }

    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Reads lines `device inode links blocks` (GNU find's `-printf '%D %i %n %b\n'`, blocks of
    /// 512 bytes).
    static func parse(findOutput text: String) -> [StoredFile] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 4, let device = UInt64(words[0]), let inode = UInt64(words[1]), let links = Int(words[2]),
                  let blocks = Int64(words[3]) else { return nil }
            return StoredFile(device: device, inode: inode, links: links, bytes: blocks * 512)
        }
    }
}

extension Int64 {
    /// A size as people read it: `812 KB`, `21.7 MB`.
    package var readableBytes: String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(self), unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        if unit == 0 { return "\(self) bytes" }
        return value < 10 ? String(format: "%.1f %@", value, units[unit]) : "\(Int(value.rounded())) \(units[unit])"
    }
}
