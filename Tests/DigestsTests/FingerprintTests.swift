import Digests
import Testing

/// Fingerprints are kept in every cache Galley writes, so these digests are pinned against
/// `sha256sum` of the bytes the builder is meant to feed: a change here would make every
/// cache look stale, or worse, make two different inputs look the same.
@Suite struct FingerprintTests {
    private func hex(_ fingerprint: Fingerprint) -> String {
        fingerprint.bytes.map { String(format: "%02x", $0) }.joined()
    }

    private func built(_ texts: String...) -> Fingerprint {
        var builder = Fingerprint.Builder()
        for text in texts { builder.add(text) }
        return builder.finish()
    }

    @Test func eachTextEndsWithAZeroByte() {
        // printf 'a\0' | sha256sum
        #expect(hex(built("a")) == "ffe9aaeaa2a2d5048174df0b80599ef0197ec024c4b051bc9860cff58ef7f9f3")
        // printf 'ab\0c\0' | sha256sum, and printf 'a\0bc\0' | sha256sum
        #expect(hex(built("ab", "c")) == "629c2f14f654f026086f2aefe1855533d0897f49df86a19073be17b237361b09")
        #expect(hex(built("a", "bc")) == "aa795aa4bbb6117911ef062e271bcb05ccfd58ea439da7d46a44e3a3fcefa790")
    }

    @Test func numbersGoInAsEightLittleEndianBytes() {
        var builder = Fingerprint.Builder()
        builder.add(7)
        #expect(hex(builder.finish()) == "aae89fc0f03e2959ae4d701a80cc3915918c950b159f6abb6c92c1433b1a8534")
    }

    @Test func partsFollowTheirLabel() {
        // sha256 of "\0" (the empty label), then the 32 bytes of each part
        #expect(hex(Fingerprint([built("x"), built("y")])) == "1b7a1dfd7301d17f9e3ca2f6210245fced36f07a61d8bf0838c77893b8e1330f")
        #expect(Fingerprint(built("x"), built("y")) == Fingerprint([built("x"), built("y")]))
        #expect(Fingerprint([built("x"), built("y")], label: "other") != Fingerprint([built("x"), built("y")]))
    }

    @Test func storedBytesComeBackAndAnythingElseIsNoDigest() {
        let fingerprint = built("kept")
        #expect(Fingerprint(bytes: fingerprint.bytes) == fingerprint)
        #expect(fingerprint.firstByte == fingerprint.bytes[0])
        #expect(Fingerprint(bytes: fingerprint.bytes.dropLast()) == nil)
        #expect(Fingerprint(bytes: fingerprint.bytes + [0]) == nil)
    }

    @Test func equalDigestsAreOneKey() {
        let keys: Set = [built("a"), built("a"), built("b"), Fingerprint.of("a\0")]
        #expect(keys.count == 2)
        #expect(Fingerprint() != built(""))
    }
}
