import Blocking
import FileSystem
import Foundation
import Subprocess
import Typesetting

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One run of Node.js through swift-subprocess, read by the build thread that asked.
///
/// The task that runs it goes to the ``BlockingPool``, the executor for helper programs. Its
/// input is an unlinked temporary file (a Node that exits before reading it all, with no KaTeX,
/// must not raise SIGPIPE in Galley); its output is a socket the asking thread reads to its
/// end, as the Pygments helper's lines are read. The answer is whole when Node closes its end,
/// so nothing here waits for swift-subprocess to see the program exit: a wait for that, from a
/// thread Swift's tasks share, once held up a test run for a minute.
struct NodeRun {
    let node: String
    let arguments: [String]
    /// How long the run may take before it is stopped.
    let timeout: Duration

    /// More output than this is a broken converter: no batch's MathML comes near it.
    static let outputLimit = 256 << 20

    /// What Node wrote on its standard output, given `input`.
    func run(input: Data) throws(TypesetterUnavailable) -> Data {
        let inputFile = try Self.file(holding: input)
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            close(inputFile)
            throw TypesetterUnavailable("cannot talk to \(node): \(FileSystemError.explain(errno))")
        }
        let ours = pair[0], theirs = pair[1]
        defer { close(ours) }
        let configuration = Configuration(executable: .path(FilePath(node)), arguments: Arguments(arguments))
        let task = Task(executorPreference: BlockingPool.shared) {
            _ = try? await Subprocess.run(configuration,
                                          input: .fileDescriptor(FileDescriptor(rawValue: inputFile), closeAfterSpawningProcess: true),
                                          output: .fileDescriptor(FileDescriptor(rawValue: theirs), closeAfterSpawningProcess: true),
                                          error: .discarded)
        }
        do throws(TypesetterUnavailable) {
            let output = try readToEnd(ours)
            // A Node that could not start, or stopped early, wrote nothing a batch can be read from.
            guard !output.isEmpty else { throw TypesetterUnavailable("\(node) wrote nothing: it could not start, or stopped while running KaTeX") }
            return output
        } catch {
            // swift-subprocess ends the program when its task is cancelled.
            task.cancel()
            throw error
        }
    }

    /// Everything `socket` gives until the other end is closed, within ``timeout``.
    private func readToEnd(_ socket: Int32) throws(TypesetterUnavailable) -> Data {
        let deadline = ContinuousClock.now + timeout
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw TypesetterUnavailable("KaTeX did not answer within \(timeout); it was stopped") }
            var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(min(left.components.seconds * 1000 + 1, 1000)))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw TypesetterUnavailable("cannot read KaTeX's answer: \(FileSystemError.explain(errno))") }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count >= 0 else { throw TypesetterUnavailable("cannot read KaTeX's answer: \(FileSystemError.explain(errno))") }
            if count == 0 { return data }
            guard data.count + count <= Self.outputLimit else { throw TypesetterUnavailable("KaTeX wrote more than \(Self.outputLimit) bytes") }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// A file that holds `input`, already unlinked, open for reading and writing at its start.
    private static func file(holding input: Data) throws(TypesetterUnavailable) -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/galley-katex-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw TypesetterUnavailable("cannot make a file for KaTeX: \(FileSystemError.explain(errno))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // Not inherited by other programs started meanwhile; swift-subprocess hands it to Node.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var offset = 0
        while offset < input.count {
            let written = input.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                close(descriptor)
                throw TypesetterUnavailable("cannot write KaTeX's input: \(FileSystemError.explain(errno))")
            }
            offset += written
        }
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }
}
