import Foundation

/// Runs a program to completion and captures what it prints.
enum Subprocess {
    struct Result {
        var status: Int32
        var output: Data
        var error: Data
        var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    static func run(_ command: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
        try process.run()
        if let input {
            try? standardInput.fileHandleForWriting.write(contentsOf: input)
            try? standardInput.fileHandleForWriting.close()
        }
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Result(status: process.terminationStatus, output: outputData, error: errorData)
    }
}
