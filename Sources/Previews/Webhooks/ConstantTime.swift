import Digests

/// Comparing secrets (webhook tokens, passwords) without telling an attacker, by how long the
/// answer takes, how much of a guess was right.
package enum ConstantTime {
    /// Whether `a` and `b` are equal, in a time that does not depend on where they differ. Both
    /// are hashed first, so that the time does not tell the length of the secret either.
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let left = Array(SHA256.hash(data: a)), right = Array(SHA256.hash(data: b))
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
