import Foundation
import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct StatusTokenTests {
    @Test func theTokenIsReadTrimmedAndNeverShown() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appending(path: "token")
        try Data("\n  glpat-abc123 \r\n".utf8).write(to: file)
        let token = try StatusToken(file: file.path)
        #expect(token.text == "glpat-abc123")
        for shown in ["\(token)", String(reflecting: token), "\([token])", "\(StatusTarget?.none as Any) \(token)"] {
            #expect(!shown.contains("abc123"), "\(shown)")
        }
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains("abc123"))
    }

    @Test func anEmptyMissingOrManyLinedFileIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appending(path: "token")
        try Data(" \n\n".utf8).write(to: file)
        #expect(throws: StatusOptionError.self) { try StatusToken(file: file.path) }
        #expect((try? StatusToken(file: file.path)) == nil)
        let empty = #expect(throws: StatusOptionError.self) { try StatusToken(file: file.path) }
        #expect(empty?.message == "the status token file \(file.path) is empty")
        let missing = #expect(throws: StatusOptionError.self) { try StatusToken(file: file.path + ".missing") }
        #expect(missing?.message.contains("\(file.path).missing") == true)
        try Data("one\ntwo\n".utf8).write(to: file)
        #expect(throws: StatusOptionError.self) { try StatusToken(file: file.path) }
    }
}
