import Foundation
import TestThreads
import Testing

/// The servers the tests start stop by themselves when the tests' process is gone.
@Suite(.onBlockingPool) struct OrphanGuardTests {
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = arguments
        try process.run()
        return process
    }

    /// A stand-in for the tests' process ends; the stand-in for a server it left goes too.
    @Test func aProcessIsKilledOnceItsOwnerIsGone() throws {
        let owner = try Self.start(["1"])
        let server = try Self.start(["120"])
        defer {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitWithoutSpinning()
        }
        let guarding = OrphanGuard(server, owner: owner.processIdentifier)
        #expect(server.isRunning)
        owner.waitWithoutSpinning()
        #expect(eventually(within: 10) { !server.isRunning }, "the server outlived its owner")
        #expect(server.terminationReason == .uncaughtSignal && server.terminationStatus == SIGKILL)
        #expect(eventually(within: 5) { guarding.ended })
    }

    /// While the owner lives the process is left alone, and the guard ends with it.
    @Test func aProcessIsLeftAloneWhileItsOwnerLives() throws {
        let server = try Self.start(["2"])
        let guarding = OrphanGuard(server)
        // How it ended says it was left alone: a killed one ends by SIGKILL. (Whether it still
        // ran after a pause said nothing a slow machine could not make false.)
        server.waitWithoutSpinning()
        #expect(server.terminationReason == .exit && server.terminationStatus == 0)
        #expect(eventually(within: 5) { guarding.ended })
    }
}
