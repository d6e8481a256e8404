import Foundation
import Testing

@testable import Pygments

@Suite struct HelperStopperTests {
    /// Starts `words` and returns its process number; the caller waits for it.
    private func spawn(_ words: [String]) throws -> pid_t {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, words[0], nil, nil, arguments, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return pid
    }

    /// Starts `sleep 30`.
    private func sleeper() throws -> pid_t { try spawn(["/bin/sleep", "30"]) }

    /// How the process `pid` ended, and how long that took.
    private func ending(_ pid: pid_t) -> (signal: Int32?, took: Duration) {
        let began = ContinuousClock.now
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFSIGNALED and WTERMSIG, which Glibc's Swift overlay does not bring.
        let low = status & 0x7F
        return (low != 0 && low != 0x7F ? low : nil, ContinuousClock.now - began)
    }

    @Test func stoppingKillsTheProcessItAdopted() throws {
        let pid = try sleeper()
        let stopper = HelperStopper()
        stopper.adopt(pid: pid)
        stopper.stop()
        let (signal, took) = ending(pid)
        #expect(signal == SIGKILL)
        #expect(took < .seconds(20))
    }

    @Test func aStopBeforeTheProcessIsAdoptedKillsItOnAdoption() throws {
        let pid = try sleeper()
        let stopper = HelperStopper()
        stopper.stop()
        stopper.adopt(pid: pid)
        let (signal, took) = ending(pid)
        #expect(signal == SIGKILL)
        #expect(took < .seconds(20))
    }

    @Test func aProcessThatHasEndedIsLeftAlone() throws {
        let pid = try sleeper()
        let stopper = HelperStopper()
        stopper.adopt(pid: pid)
        kill(pid, SIGKILL)
        #expect(ending(pid).signal == SIGKILL)
        // Its number may be another process's by now: the descriptor names the one that ended.
        stopper.stop()
    }

    @Test func aNumberThatIsNoChildOfOursIsNeverSignalled() throws {
        // A shell that starts `sleep` and exits at once: the sleep lives on, another's child.
        let file = FileManager.default.temporaryDirectory.appending(path: "galley-orphan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = ending(try spawn(["/bin/sh", "-c", "sleep 30 </dev/null >/dev/null 2>&1 & echo $! > \"$0\"", file.path]))
        let text = try String(contentsOf: file, encoding: .utf8)
        let orphan = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(orphan, SIGKILL) }
        #expect(HelperStopper.parent(of: orphan) != getpid())
        let stopper = HelperStopper()
        stopper.adopt(pid: orphan)
        stopper.stop()
        usleep(200_000)
        // Alive, not a zombie waiting for whoever adopted it to reap it.
        let state = (try? String(contentsOfFile: "/proc/\(orphan)/stat", encoding: .utf8)).flatMap { stat in
            stat.lastIndex(of: ")").map { stat[stat.index($0, offsetBy: 2)] }
        }
        #expect(state != nil && state != "Z", "the stopper signalled a process it did not start")
    }

    @Test func theParentIsReadFromTheKernel() throws {
        #expect(HelperStopper.parent(of: getpid()) == getppid())
    }
}
