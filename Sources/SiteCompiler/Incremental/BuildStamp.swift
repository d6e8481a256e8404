import CacheFiles
import Diagnostics
import Digests
import FileSystem
import Foundation
import SiteContent
import SiteSource

/// What a build left behind, kept beside its cache so that a rebuild with nothing to do finishes
/// in milliseconds: the state of every source file (see ``SourceState``), the build options and
/// the galley binary, and the size, times and inode of every file it wrote.
///
/// When all of that is as recorded, and no future post has come due and no new year has begun
/// (the only ways the clock changes a blog), the output is exactly what a full build would
/// write, and the build stops before reading a single post (but those saved just before the
/// build that left the stamp, which it reads again to compare: see ``recent``). Anything else,
/// and the stamp is dropped and the build goes on as usual, where the cache's content hashes
/// decide.
struct BuildStamp: Sendable {
    static let format = "galley-build-stamp-4"

    /// One output file as the build left it.
    struct Output: Sendable, Equatable {
        var path: String
        var stamp: FileStamp
    }

    /// A post or page changed so shortly before the build that its times cannot vouch for it
    /// (see ``SourceState/isRacy(at:margin:)``: it may have changed again within the same clock
    /// tick), with the digest of its name and of the bytes the build read of it.
    struct Recent: Sendable, Equatable {
        var path: String
        var source: Fingerprint
    }

    /// The digest of the sources' state, the options and the binary.
    var key: [UInt8]
    /// Seconds since 1970 at which the output goes stale by itself.
    var validUntil: Int
    var posts: Int
    var pages: Int
    /// Drafts and future posts the build left out, for its summary.
    var leftOutDrafts: Int
    var leftOutFuture: Int
    var warnings: [Diagnostic]
    var outputs: [Output]
    /// The sources whose contents the next build compares with what this one read before it
    /// trusts the stamp: the post just saved, in a build run right after.
    var recent: [Recent] = []

    /// The stamp file kept beside the cache file `cacheFile`.
    static func file(beside cacheFile: URL) -> URL {
        cacheFile.deletingPathExtension().appendingPathExtension("stamp")
    }

    /// What a stamp must match: the sources as they are, and the way this build was asked for.
    static func key(state: SourceState, options: BuildOptions) -> [UInt8] {
        let settings = "\(format)|\(options.baseURL?.absoluteString ?? "")|\(options.includeDrafts)|\(options.includeFuture)|\(options.noindex)|\(options.strict)|\(options.requireBaseURL)|\(options.highlighter?.identity ?? "")|\(options.typesetter?.identity ?? "")|\(options.emoji?.identity ?? "")"
        return SourceState.hash(state.digest + Array(settings.utf8) + [0] + ToolIdentity.current)
    }

    /// Whether each of ``recent`` in `source` still holds what the build read of it.
    func recentSourcesHold(in source: any SourceTree) -> Bool {
        recent.allSatisfy { recent in
            guard let data = try? source.contents(of: recent.path) else { return false }
            return Fingerprint.of(data, named: recent.path) == recent.source
        }
    }

    /// Whether the output folder `root` still holds every file as the stamp recorded it, at `now`.
    func describes(_ root: String, at now: Date) -> Bool {
        guard Int(now.timeIntervalSince1970.rounded(.down)) < validUntil else { return false }
        guard let folder = OpenFolder(root) else { return outputs.isEmpty }
        return !Parallel.map(outputs) { FileStamp.of($0.path, in: folder) == $0.stamp }.contains(false)
    }

    /// The stamp in `url` when it was made under `key`: any other is not decoded, nor its
    /// checksum taken (a stamp names every output file, half a megabyte at 10,000 posts, and
    /// after an edit the key is another).
    static func load(from url: URL, key: [UInt8]) -> BuildStamp? {
        guard let bytes = FileBytes.read(url.path) else { return nil }
        var header = CacheReader(bytes)
        guard (try? header.string()) == format, (try? header.raw()).map(Array.init) == key else { return nil }
        return decode(bytes)
    }

    /// The stamp in `url`, whatever its key.
    static func load(from url: URL) -> BuildStamp? {
        FileBytes.read(url.path).flatMap(decode)
    }

    private static func decode(_ bytes: [UInt8]) -> BuildStamp? {
        CacheReader.read(bytes, format: format) { reader in
            BuildStamp(
                key: Array(try reader.raw()), validUntil: try reader.int(), posts: try reader.int(), pages: try reader.int(),
                leftOutDrafts: try reader.int(), leftOutFuture: try reader.int(),
                warnings: try reader.array { reader in
                    Diagnostic(path: try reader.string(), line: try reader.optional { try $0.int() }, column: try reader.optional { try $0.int() },
                               message: try reader.string())
                },
                outputs: try reader.array { reader in
                    Output(path: try reader.string(), stamp: try FileStamp.decode(from: &reader))
                },
                recent: try reader.array { reader in Recent(path: try reader.string(), source: try reader.fingerprint()) })
        }
    }

    func save(to url: URL) throws {
        try CacheWriter.write(url, format: Self.format) { writer in
            writer.raw(key)
            writer.int(validUntil)
            writer.int(posts)
            writer.int(pages)
            writer.int(leftOutDrafts)
            writer.int(leftOutFuture)
            writer.array(warnings) { writer, warning in
                writer.string(warning.path)
                writer.optional(warning.line) { $0.int($1) }
                writer.optional(warning.column) { $0.int($1) }
                writer.string(warning.message)
            }
            writer.array(outputs) { writer, output in
                writer.string(output.path)
                output.stamp.encode(to: &writer)
            }
            writer.array(recent) { writer, recent in
                writer.string(recent.path)
                writer.fingerprint(recent.source)
            }
        }
    }
}

/// Which galley binary is running: a different build of Galley may render differently, so what
/// one binary cached is not trusted by another. Its change time too: a binary written over in
/// place, keeping its size and given its old modification time back, is another all the same.
enum ToolIdentity {
    static let current: [UInt8] = {
        guard let info = Platform.runningExecutable() else { return Array("unknown".utf8) }
        let parts = [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
                     UInt64(bitPattern: Int64(info.modifiedNanoseconds)), UInt64(bitPattern: Int64(info.changedNanoseconds))]
        return parts.withUnsafeBytes { Array($0) }
    }()
}
