import Foundation
import TestThreads
import Testing

@testable import Pygments

/// The helpers are Python files in the source tree, run here as files by Debian's Python, as
/// Python's own tools would: the same bytes the binary embeds, speaking the same frames.
@Suite struct HelperScriptFileTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Sources/Pygments/Scripts")

    /// Runs `script` with `input` on standard input and returns the frames it wrote.
    static func frames(running script: String, input: [UInt8]) throws -> [[UInt8]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        // -B: no bytecode cache written into Sources.
        process.arguments = ["-I", "-B", scripts.appending(path: script).path]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let output = Array(stdout.fileHandleForReading.readDataToEndOfFile())
        process.waitWithoutSpinning()
        var frames: [[UInt8]] = []
        var index = 0
        while index + 4 <= output.count {
            let length = output[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            frames.append(Array(output[index + 4..<min(output.count, index + 4 + length)]))
            index += 4 + length
        }
        #expect(index == output.count, "\(script) wrote bytes that are not frames")
        return frames
    }

    @Test func theBinaryEmbedsTheFilesAsTheyAre() throws {
        #expect(PygmentsScript.source == (try String(contentsOf: Self.scripts.appending(path: "highlight.py"), encoding: .utf8)))
        #expect(PythonEmoji.script == (try String(contentsOf: Self.scripts.appending(path: "emoji.py"), encoding: .utf8)))
    }

    @Test(.enabled(if: DebianPygments.isInstalled, "needs Debian's python3-pygments (scripts/test installs it)"))
    func highlightPyAnswersABatchInFrames() throws {
        let batch = try PygmentsBatch([.init(language: "swift", code: "let a = 1 // é\n"), .init(language: "no-such-language", code: "x")])
        let frames = try Self.frames(running: "highlight.py", input: Array(batch.request))
        try #require(frames.count == 2)
        #expect(String(decoding: frames[0], as: UTF8.self).hasPrefix("pygments 2."))
        let answers = try batch.answers(from: frames[1])
        #expect(answers[0]?.contains(#"<span class="kd">let</span>"#) == true)
        #expect(answers[0]?.contains("é") == true)
        #expect(answers[1] == nil)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/emoji"), "needs Debian's python3-emoji (scripts/test installs it)"))
    func emojiPyListsNamesInOneFrame() throws {
        let frames = try Self.frames(running: "emoji.py", input: [])
        try #require(frames.count == 1)
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(frames[0])) as? [String: [String: String]])
        #expect(reply["names"]?["ship"] == "🚢")
    }
}
