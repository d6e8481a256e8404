import Foundation

extension Process {
    /// Waits until the program has ended, looking every two milliseconds.
    ///
    /// Foundation's `waitUntilExit()` runs the calling thread's run loop until then, and on a
    /// thread whose run loop has nothing to wait on (every thread the tests run on) each run
    /// returns at once: the wait spun a core for as long as the program ran, taking it from the
    /// tests beside it: in a run of every suite alone, one after another, 45 s of 168 s of CPU.
    package func waitWithoutSpinning() {
        while isRunning { usleep(2_000) }
        waitUntilExit()
    }
}
