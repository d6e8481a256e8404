import Foundation
import Highlighting

/// The lines a helper writes on its socket. Batches queue in the helper's input, so answers
/// may arrive together: what arrives past a line's end is kept for the next line. One reader
/// at a time: ``AnswerOrder`` gives the turns.
final class HelperLines: @unchecked Sendable {
    private let socket: Int32
    private let exited: ExitFlag
    // Touched only by the reader whose turn it is.
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(socket: Int32, exited: ExitFlag) {
        self.socket = socket
        self.exited = exited
    }

    /// The next line, without its newline; nil when `python` has not ended it within `timeout`.
    ///
    /// - Throws: ``HighlighterUnavailable`` when `python` has exited or cannot be read.
    func next(timeout: Duration, from python: String) throws(HighlighterUnavailable) -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        var searched = 0
        while true {
            if let end = buffer[searched...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return line
            }
            searched = buffer.count
            var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            // Woken now and then to see whether the helper is gone without closing its end (it never started).
            let ready = poll(&waiting, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                throw HighlighterUnavailable("cannot read from \(python): \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                if exited.isSet { throw HighlighterUnavailable("\(python) exited before it answered") }
                if ContinuousClock.now > deadline { return nil }
                continue
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw HighlighterUnavailable("cannot read from \(python): \(String(cString: strerror(errno)))")
            }
            if count == 0 { throw HighlighterUnavailable("\(python) exited before it answered") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
