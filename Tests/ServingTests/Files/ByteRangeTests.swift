import Testing

@testable import Serving

@Suite struct ByteRangeTests {
    @Test func theFormsPlayersSend() {
        #expect(ByteRange.request("bytes=0-99", length: 1000) == .part(ByteRange(first: 0, last: 99)))
        #expect(ByteRange.request("bytes=900-", length: 1000) == .part(ByteRange(first: 900, last: 999)))
        #expect(ByteRange.request("bytes=-100", length: 1000) == .part(ByteRange(first: 900, last: 999)))
        #expect(ByteRange.request("bytes=-5000", length: 1000) == .part(ByteRange(first: 0, last: 999)))
        #expect(ByteRange.request("bytes=990-5000", length: 1000) == .part(ByteRange(first: 990, last: 999)))
        #expect(ByteRange.request("bytes=-99999999999999999999", length: 1000) == .part(ByteRange(first: 0, last: 999)))
    }

    @Test func whatIsNotOneUsableRange() {
        #expect(ByteRange.request(nil, length: 10) == .whole)
        #expect(ByteRange.request("bytes=0-1,5-6", length: 10) == .whole)
        #expect(ByteRange.request("items=0-1", length: 10) == .whole)
        #expect(ByteRange.request("bytes=5-2", length: 10) == .whole)
        #expect(ByteRange.request("bytes=a-b", length: 10) == .whole)
        #expect(ByteRange.request("bytes=-", length: 10) == .whole)
        #expect(ByteRange.request("bytes=10-", length: 10) == .unsatisfiable)
        #expect(ByteRange.request("bytes=-0", length: 10) == .unsatisfiable)
        #expect(ByteRange.request("bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRange.request("bytes=99999999999999999999-", length: 10) == .unsatisfiable)
    }
}
