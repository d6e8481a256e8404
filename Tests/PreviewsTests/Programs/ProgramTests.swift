import Foundation
import TestThreads
import Testing

@testable import Previews

/// The runner every program Galley starts goes through, on real programs.
@Suite(.onBlockingPool) struct ProgramTests {
    @Test func reportsTheStatusAndWhatWasPrinted() async throws {
        let result = try await Program(["sh", "-c", "echo out; echo err >&2; exit 3"]).run()
        #expect(result.status == 3)
        #expect(String(decoding: result.output, as: UTF8.self) == "out\n")
        #expect(result.errorText == "err\n")
    }

    @Test func aSignalIsReportedAsAShellWould() async throws {
        let result = try await Program(["sh", "-c", "kill -KILL $$"]).run()
        #expect(result.status == 128 + SIGKILL)
    }

    @Test func inputReachesStandardInput() async throws {
        let input = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let result = try await Program(["cat"]).run(input: input)
        #expect(result.status == 0)
        #expect(result.output == input)
    }

    @Test func inputLivesInMemoryNotOnADisk() async throws {
        // The input may hold a token: the program reads it from a file that is in memory only.
        let result = try await Program(["readlink", "/proc/self/fd/0"]).run(input: Data("secret".utf8))
        #expect(result.status == 0)
        #expect(String(decoding: result.output, as: UTF8.self).hasPrefix("/memfd:galley-input"))
    }

    @Test func aProgramThatExitsBeforeReadingItsInputEndsNothingButItself() async throws {
        // Written through a pipe, this much input would meet a reader that is gone.
        let result = try await Program(["sh", "-c", "exit 5"]).run(input: Data(count: 4 << 20))
        #expect(result.status == 5)
    }

    @Test func standardErrorIsKeptUpToItsBoundAndTheRestCounted() async throws {
        let result = try await Program(["sh", "-c", "head -c 1000000 /dev/zero | tr '\\0' x >&2; echo done"]).run()
        #expect(result.status == 0)
        #expect(String(decoding: result.output, as: UTF8.self) == "done\n")
        #expect(result.error.count == Program.errorLimit)
        #expect(result.errorDropped == 1_000_000 - Program.errorLimit)
        #expect(result.errorText.hasSuffix("… (\(1_000_000 - Program.errorLimit) more bytes)"))
    }

    @Test func tooMuchOutputIsAnErrorThatNamesTheProgram() async throws {
        await #expect { try await Program(["sh", "-c", "head -c 5000 /dev/zero"], outputLimit: 4096).run() } throws: { error in
            "\(error)".contains("cannot run sh: it printed more than 4096 bytes")
        }
    }

    @Test func aMissingProgramSaysWhich() async throws {
        await #expect { try await Program(["galley-no-such-program"]).run() } throws: { error in
            (error as? ProgramError)?.program == "galley-no-such-program"
        }
    }

    @Test func aChildLeftRunningWithThePipesDoesNotHoldUpTheRun() async throws {
        // As ssh's shared connection does when it goes to the background: it keeps a copy of
        // the pipes, so their ends never come while it lives.
        // The bound is loose, and the child outlives it by far: other suites' blocking fixtures
        // can hold the shared threads for minutes under a sanitizer on two cores (200 s seen).
        let started = ContinuousClock.now
        let result = try await Program(["sh", "-c", "sleep 1200 & echo $!"]).run()
        #expect(ContinuousClock.now - started < .seconds(600))
        #expect(result.status == 0)
        let child = try #require(Int32(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(child, SIGKILL)
    }

    @Test func aCancelledTaskLetsShortCommandsFinish() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Program(["sh", "-c", "sleep 0.3; echo finished"]).run()
        }
        let result = try await task.value
        #expect(result.status == 0)
        #expect(String(decoding: result.output, as: UTF8.self) == "finished\n")
    }

    @Test func aCancelledTaskAsksAStoppableProgramToStopFirst() async throws {
        let folder = try TemporaryFolder()
        let marker = folder.url.appending(path: "stopped").path
        let ready = folder.url.appending(path: "ready").path
        let script = "trap 'echo stopped > \(marker); exit 0' TERM; touch \(ready); while :; do sleep 0.05; done"
        let task = Task { try await Program(["sh", "-c", script]).run(whenCancelled: .stop) }
        // Long: the task starts only when a shared thread is free (see OwnThreadTests).
        #expect(await eventually(within: 300) { FileManager.default.fileExists(atPath: ready) })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // Only a program that was asked (SIGTERM), not killed, leaves this behind.
        #expect(folder.read("stopped") == "stopped\n")
    }

    @Test func aSessionEndsWhenItsInputDoes() async throws {
        let script = "echo ready; cat > /dev/null; echo 'input ended' >&2"
        let (first, result) = try await Program(["sh", "-c", script]).withInputOpen { session in
            for try await line in session.lines { return line }
            return ""
        }
        #expect(first == "ready")
        #expect(result.status == 0)
        #expect(result.errorText == "input ended\n")
    }
}
