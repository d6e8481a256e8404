/// A small deterministic generator (SplitMix64), so that a seed names the same random cases on
/// every machine and a failure names a case that reruns.
package struct SeededRandom: RandomNumberGenerator {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
