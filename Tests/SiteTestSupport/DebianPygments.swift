import Foundation
import TestThreads

/// Whether Debian's Python has Pygments, asked of it directly rather than through Galley's
/// code: when it says yes, a highlighter that cannot start is a failure, not a reason to skip.
package enum DebianPygments {
    package static let isInstalled: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-I", "-c", "import pygments"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitWithoutSpinning()
        return process.terminationStatus == 0
    }()
}
