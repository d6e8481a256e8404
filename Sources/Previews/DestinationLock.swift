import Foundation

/// A lock on a destination, so that deploys running at the same time (two CI jobs, a watcher
/// building several branches) take turns changing its manifest and links.
///
/// It is a folder created with `mkdir`, atomic on every file system and over ssh. A lock older
/// than `staleAfter` is taken to belong to a deploy that died, and is broken.
struct DestinationLock {
    static let path = ".galley/lock"

    let destination: any Destination
    var timeout: TimeInterval = 300
    var staleAfter: TimeInterval = 900

    func withLock<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        var delay: useconds_t = 20_000
        while !(try destination.createExclusively(Self.path)) {
            if let age = try destination.age(Self.path), age > staleAfter {
                try destination.remove(Self.path)
                continue
            }
            guard Date() < deadline else {
                throw DeployError("\(destination.description)/\(Self.path) has been held for over \(Int(timeout)) s by another deploy; if none is running, remove it")
            }
            usleep(delay)
            delay = min(delay * 2, 500_000)
        }
        defer { try? destination.remove(Self.path) }
        return try body()
    }
}
