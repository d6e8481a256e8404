import FileSystem
import Foundation
import Highlighting

/// The frames a helper writes on its socket: a 4-byte big-endian length, then that many bytes.
/// Batches queue in the helper's input, so answers may arrive together: what arrives past a
/// frame's end is kept for the next. One reader at a time: ``AnswerOrder`` gives the turns.
final class HelperFrames: @unchecked Sendable {
    private let socket: Int32
    private let exited: ExitFlag
    // Touched only by the reader whose turn it is.
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// No helper answer comes near this; a length past it means the stream is not frames.
    static let largestFrame = 1 << 30

    init(socket: Int32, exited: ExitFlag) {
        self.socket = socket
        self.exited = exited
    }

    /// The next frame's bytes; nil when `python` has not finished it within `timeout`.
    ///
    /// - Throws: ``HighlighterUnavailable`` when `python` has exited, cannot be read, or writes
    ///   something that is not a frame.
    func next(timeout: Duration, from python: String) throws(HighlighterUnavailable) -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if buffer.count >= 4 {
                let length = buffer[..<4].reduce(0) { $0 << 8 | Int($1) }
                guard length <= Self.largestFrame else { throw HighlighterUnavailable("\(python) wrote something Galley does not understand") }
                if buffer.count >= 4 + length {
                    let frame = Array(buffer[4..<4 + length])
                    buffer.removeSubrange(..<(4 + length))
                    return frame
                }
            }
            var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            // Woken now and then to see whether the helper is gone without closing its end (it never started).
            let ready = poll(&waiting, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                throw HighlighterUnavailable("cannot read from \(python): \(FileSystemError.explain(errno))")
            }
            if ready == 0 {
                if exited.isSet { throw HighlighterUnavailable("\(python) exited before it answered") }
                if ContinuousClock.now > deadline { return nil }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw HighlighterUnavailable("cannot read from \(python): \(FileSystemError.explain(errno))")
            }
            if count == 0 { throw HighlighterUnavailable("\(python) exited before it answered") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// `payload` as a frame.
    static func frame(_ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + payload
    }
}
