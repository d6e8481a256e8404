import Failures
import FileSystem
import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// A program Galley runs (rsync, ssh, curl), started and watched by swift-subprocess.
///
/// Three of swift-subprocess's ways are changed here, each on purpose:
/// - Input goes in through a file in memory (or, where the system has none, an unlinked
///   temporary file), never a pipe. A program that exits before it has read everything (a
///   remote script whose `mkdir` failed) must end the write, not this process: writing to a
///   pipe nobody reads raises SIGPIPE, which swift-subprocess leaves to its callers.
/// - What a program prints is kept up to a bound, and the rest read and dropped: a chatty
///   rsync must neither stall on a full pipe nor turn its own failure into "too much output".
/// - Only programs that ask to be (rsync, with ``WhenCancelled/stop``) are stopped by a
///   cancelled task. swift-subprocess kills a program the moment its task is cancelled; the
///   short commands, among them the clean-up that runs once a deploy is cancelled, must run to
///   the end instead.
///
/// swift-subprocess stops reading a program's output once the program itself has exited, so
/// the shared ssh connection that the first ssh leaves running in the background never keeps
/// a run waiting for the end of a pipe it still holds.
struct Program: Sendable {
    /// The program (looked up on `PATH`) and its arguments.
    let command: [String]
    /// More standard output than this is an error.
    let outputLimit: Int

    init(_ command: [String], outputLimit: Int = Program.outputLimit) {
        precondition(!command.isEmpty, "a program needs a name")
        self.command = command
        self.outputLimit = outputLimit
    }

    /// The program by path when it is written as one (`/usr/bin/ssh`, this binary), else looked
    /// up on `PATH`.
    private var executable: Executable {
        command[0].contains("/") ? .path(FilePath(command[0])) : .name(command[0])
    }

    /// What a program that has exited said and did.
    struct Result: Sendable {
        /// The exit status, or 128 plus the signal that ended it.
        var status: Int32
        var output: Data
        /// Standard error, up to ``Program/errorLimit`` bytes.
        var error: Data
        /// How many bytes of standard error were dropped past the limit.
        var errorDropped = 0

        /// Standard error as text, saying how much was left out.
        var errorText: String {
            let text = String(decoding: error, as: UTF8.self)
            return errorDropped == 0 ? text : text + "… (\(errorDropped) more bytes)"
        }
    }

    /// What a cancelled task does to the program.
    enum WhenCancelled: Sendable {
        /// Nothing: it runs to the end.
        case runToEnd
        /// Asks it to stop (SIGTERM), kills it if it has not after a grace period, and throws
        /// `CancellationError`.
        case stop
    }

    /// More standard output than this is an error, unless a program says otherwise: nothing
    /// Galley reads is that big.
    static let outputLimit = 64 << 20
    /// Standard error is kept up to this, enough for any message a person reads.
    static let errorLimit = 64 << 10
    /// How long a program asked to stop has before it is killed.
    static let stopGrace: Duration = .seconds(5)

    /// Runs the program to its end, with `input` as its standard input.
    func run(input: Data? = nil, whenCancelled: WhenCancelled = .runToEnd) async throws -> Result {
        switch whenCancelled {
        case .runToEnd:
            // A task of its own does not inherit the caller's cancellation.
            return try await Task { try await execute(input: input, stoppable: false) }.value
        case .stop:
            let result = try await execute(input: input, stoppable: true)
            try Task.checkCancellation()
            return result
        }
    }

    private func execute(input: Data?, stoppable: Bool) async throws -> Result {
        var options = PlatformOptions()
        if stoppable { options.teardownSequence = [.gracefulShutDown(allowedDurationToNextStep: Self.stopGrace)] }
        let configuration = Configuration(executable: executable, arguments: Arguments(Array(command.dropFirst())),
                                          platformOptions: options)
        guard let input else { return try await collect(configuration, input: .none) }
        return try await collect(configuration, input: .fileDescriptor(try inputFile(input), closeAfterSpawningProcess: true))
    }

    private func collect<Input: InputProtocol>(_ configuration: Configuration, input: Input) async throws -> Result {
        let outcome = try await spawning {
            try await Subprocess.run(configuration, input: input, output: .sequence, error: .sequence) { execution in
                async let error = Capture.head(of: execution.standardError, keeping: Self.errorLimit)
                let output = try await Capture.all(of: execution.standardOutput, limit: outputLimit, from: command[0])
                return (output, try await error)
            }
        }
        let (output, error) = outcome.closureResult
        return Result(status: outcome.terminationStatus.galleyStatus, output: output, error: error.kept, errorDropped: error.dropped)
    }

    /// Runs the program with its standard input left open until `body` returns, handing `body`
    /// the program's identifier and its standard output line by line: for a remote shell that
    /// holds something for as long as its input is open.
    ///
    /// A cancelled task kills the program at once (swift-subprocess's own rule): callers that
    /// must outlive a cancellation run this in a task of their own.
    func withInputOpen<T: Sendable>(_ body: @Sendable (Session) async throws -> T) async throws -> (value: T, result: Result) {
        let configuration = Configuration(executable: executable, arguments: Arguments(Array(command.dropFirst())))
        let outcome = try await spawning {
            try await Subprocess.run(configuration, input: .inputWriter, output: .sequence, error: .sequence) { execution in
                async let captured = Capture.head(of: execution.standardError, keeping: Self.errorLimit)
                let session = Session(processID: execution.processIdentifier.value, lines: execution.standardOutput.strings())
                let value: T
                do {
                    value = try await body(session)
                } catch {
                    try? await execution.standardInputWriter.finish()
                    throw error
                }
                try await execution.standardInputWriter.finish()
                return (value, try await captured)
            }
        }
        let (value, error) = outcome.closureResult
        return (value, Result(status: outcome.terminationStatus.galleyStatus, output: Data(), error: error.kept, errorDropped: error.dropped))
    }

    /// A program running under ``withInputOpen(_:)``.
    struct Session: Sendable {
        /// The program's process.
        let processID: pid_t
        /// Its standard output, a line at a time.
        let lines: SubprocessOutputSequence.StringSequence<UTF8>
    }

    /// Says which program could not be started, and why, rather than swift-subprocess's code.
    private func spawning<T>(_ start: () async throws -> T) async throws -> T {
        do {
            return try await start()
        } catch let error as SubprocessError where error.code == .executableNotFound || error.code == .spawnFailed {
            throw ProgramError(program: command[0], reason: "\(error)", notFound: error.code == .executableNotFound)
        }
    }
}

/// A program that could not be started at all.
struct ProgramError: Error, CustomStringConvertible {
    var program: String
    var reason: String
    /// Whether the program is not installed (not on `PATH`, or no file at its path).
    var notFound = false
    /// Whether it printed more than its output limit.
    var tooMuchOutput = false
    var description: String { "cannot run \(program): \(reason)" }
}

extension TerminationStatus {
    /// As a shell reports it: the exit status, or 128 plus the signal.
    var galleyStatus: Int32 {
        switch self {
        case .exited(let code): return code
        case .signaled(let signal): return 128 + signal
        }
    }
}

/// Reading what a program prints.
private enum Capture {
    /// Everything, or an error once it passes `limit` bytes.
    static func all(of sequence: SubprocessOutputSequence, limit: Int, from program: String) async throws -> Data {
        var data = Data()
        for try await buffer in sequence {
            guard data.count + buffer.count <= limit else {
                throw ProgramError(program: program, reason: "it printed more than \(limit) bytes, more than Galley ever reads",
                                   tooMuchOutput: true)
            }
            buffer.withUnsafeBytes { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The first `keeping` bytes; the rest is read to the end and counted.
    static func head(of sequence: SubprocessOutputSequence, keeping limit: Int) async throws -> (kept: Data, dropped: Int) {
        var kept = Data(), dropped = 0
        for try await buffer in sequence {
            buffer.withUnsafeBytes { bytes in
                let room = max(0, limit - kept.count)
                kept.append(contentsOf: bytes.prefix(room))
                dropped += bytes.count - min(room, bytes.count)
            }
        }
        return (kept, dropped)
    }
}

/// A file holding `data`, opened at its start, for a program's standard input, which
/// swift-subprocess closes here once the program has started: one in memory only (the input
/// may hold a token), else a temporary file unlinked as soon as it is made.
private func inputFile(_ data: Data) throws -> FileDescriptor {
    var raw = Platform.memoryFile(named: "galley-input")
    if raw < 0 {
        var template = Array((FileManager.default.temporaryDirectory.path + "/galley-input-XXXXXX").utf8CString)
        raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard raw >= 0 else { throw ProgramError(program: "a program", reason: "no temporary file for its input: \(FileSystemError.explain(errno))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }
    let descriptor = FileDescriptor(rawValue: raw)
    do {
        _ = try descriptor.writeAll(data)
        _ = try descriptor.seek(offset: 0, from: .start)
    } catch {
        try? descriptor.close()
        throw ProgramError(program: "a program", reason: "cannot write its input to a temporary file: \(error)")
    }
    return descriptor
}

extension ProgramError: GalleyError {
    var place: ErrorPlace? { nil }
    var message: String { description }
    var category: FailureCategory { .publishing }
}
