import Blocking
import Foundation
import Subprocess
import Typesetting

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// One run of Node.js through swift-subprocess, waited for by the build thread that asked.
///
/// The task that runs it goes to the ``BlockingPool``, the executor for helper programs, so a
/// build that waits here never needs one of the threads Swift's tasks share. Input and output go
/// through unlinked temporary files, not pipes: a Node that exits before reading it all (no
/// KaTeX) must not raise SIGPIPE in Galley, and the run needs no task to read its output.
/// Callers are build threads, never the threads Swift's tasks share: it waits on a semaphore.
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
        let outputFile: Int32
        do throws(TypesetterUnavailable) { outputFile = try Self.file(holding: Data()) } catch {
            close(inputFile)
            throw error
        }
        defer { close(outputFile) }
        // Node writes to a second descriptor of the output file, which swift-subprocess closes.
        let nodeOutput = fcntl(outputFile, F_DUPFD_CLOEXEC, 0)
        let exit = Locked<Result<TerminationStatus, TypesetterUnavailable>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let configuration = Configuration(executable: .path(FilePath(node)), arguments: Arguments(arguments))
        let program = node
        let task = Task(executorPreference: BlockingPool.shared) {
            let result: Result<TerminationStatus, TypesetterUnavailable>
            do {
                let run = try await Subprocess.run(configuration,
                                                   input: .fileDescriptor(FileDescriptor(rawValue: inputFile), closeAfterSpawningProcess: true),
                                                   output: .fileDescriptor(FileDescriptor(rawValue: nodeOutput), closeAfterSpawningProcess: true),
                                                   error: .discarded)
                result = .success(run.terminationStatus)
            } catch {
                result = .failure(TypesetterUnavailable("cannot run \(program): \(error)"))
            }
            exit.withLock { $0 = result }
            finished.signal()
        }
        guard finished.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .success else {
            // swift-subprocess ends the program when its task is cancelled.
            task.cancel()
            throw TypesetterUnavailable("KaTeX did not answer within \(timeout); it was stopped")
        }
        let status = try exit.withLock { $0! }.get()
        guard case .exited(0) = status else { throw TypesetterUnavailable("\(program) stopped while running KaTeX (\(status))") }
        return try Self.contents(of: outputFile)
    }

    /// Everything in the file open as `descriptor`, from its start.
    private static func contents(of descriptor: Int32) throws(TypesetterUnavailable) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(data.count)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw TypesetterUnavailable("cannot read KaTeX's answer: \(String(cString: strerror(errno)))") }
            if count == 0 { return data }
            guard data.count + count <= outputLimit else { throw TypesetterUnavailable("KaTeX wrote more than \(outputLimit) bytes") }
            data.append(contentsOf: chunk[..<count])
        }
    }

    /// A file that holds `input`, already unlinked, open for reading and writing at its start.
    private static func file(holding input: Data) throws(TypesetterUnavailable) -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/galley-katex-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw TypesetterUnavailable("cannot make a file for KaTeX: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // Not inherited by other programs started meanwhile; swift-subprocess hands it to Node.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var offset = 0
        while offset < input.count {
            let written = input.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                close(descriptor)
                throw TypesetterUnavailable("cannot write KaTeX's input: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }
}
