import Foundation
import Testing

@testable import Pygments

@Suite struct HelperStopperTests {
    /// Starts `sleep 30` and returns its process number; the caller waits for it.
    private func sleeper() throws -> pid_t {
        var pid: pid_t = 0
        let words: [String] = ["/bin/sleep", "30"]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sleep", nil, nil, arguments, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        return pid
    }

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
}
