import Digests
import Foundation
import Testing

/// HMAC-SHA256 against RFC 4231's test cases, the short keys and the ones longer than a block.
@Suite struct HMACSHA256Tests {
    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    @Test(arguments: [
        // Test case 1
        ([UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        // Test case 2: a key shorter than the output
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        // Test case 3
        ([UInt8](repeating: 0xAA, count: 20), [UInt8](repeating: 0xDD, count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        // Test case 4
        (bytes(hex: "0102030405060708090a0b0c0d0e0f10111213141516171819"), [UInt8](repeating: 0xCD, count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        // Test case 6: a key longer than a block is hashed first
        ([UInt8](repeating: 0xAA, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        // Test case 7
        ([UInt8](repeating: 0xAA, count: 131),
         Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ])
    func theRFCsTestCases(key: [UInt8], message: [UInt8], expected: String) {
        #expect(HMACSHA256.authenticationCode(for: message, key: key).hex == expected)
    }

    @Test func aKeyOfExactlyOneBlockIsUsedAsItIs() {
        let key = [UInt8](repeating: 0x42, count: 64)
        #expect(HMACSHA256.authenticationCode(for: Data("x".utf8), key: key) != HMACSHA256.authenticationCode(for: Data("x".utf8), key: Array(SHA256.hash(data: key))))
    }
}
