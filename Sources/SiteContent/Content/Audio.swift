import Diagnostics

/// An audio file attached to a post, published as a feed enclosure for podcast apps.
package struct Audio: Sendable, Equatable {
    /// Where the file is: a site path such as `/audio/episode-1.mp3` or an absolute URL.
    package var url: String
    /// The file's size in bytes.
    package var length: Int
    /// The MIME type, such as `audio/mpeg`.
    package var type: String
    /// The running time in seconds, when known.
    package var duration: Int?

    package init(url: String, length: Int, type: String, duration: Int? = nil) {
        self.url = url
        self.length = length
        self.type = type
        self.duration = duration
    }

    /// Whether the file is on this site (`/audio/one.mp3`) rather than on another host.
    package var isOnThisSite: Bool { Self.isOnThisSite(url) }

    static func isOnThisSite(_ url: String) -> Bool { url.hasPrefix("/") && !url.hasPrefix("//") }

    /// The running time as `H:MM:SS` or `M:SS`, as podcast apps show it.
    package var durationText: String? {
        guard let duration else { return nil }
        let hours = duration / 3600, minutes = (duration % 3600) / 60, seconds = duration % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
    }

    /// MIME types by file extension, for audio front matter that leaves `type` out.
    static let typesByExtension = [
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "m4b": "audio/mp4", "aac": "audio/aac", "ogg": "audio/ogg",
        "oga": "audio/ogg", "opus": "audio/opus", "wav": "audio/wav", "flac": "audio/flac", "webm": "audio/webm",
    ]

    /// Reads `12:34`, `1:02:03` or a number of seconds, up to ``InputLimits/audioSeconds``.
    static func parseDuration(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        // Each part no bigger than the whole may be, so the sum cannot overflow.
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0.map { (0...InputLimits.audioSeconds).contains($0) } ?? false })
        else { return nil }
        let seconds = parts.reduce(0) { $0 * 60 + $1! }
        return seconds <= InputLimits.audioSeconds ? seconds : nil
    }
}
