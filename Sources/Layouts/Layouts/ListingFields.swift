/// A set of ``ListingField``s: what a page shows of the posts it lists, for fingerprinting only that.
package struct ListingFields: SetAlgebra, Hashable, Sendable {
    /// One bit a field, at its raw value; what the cache keeps.
    private(set) var bits: Int

    /// Every field.
    static let all = ListingFields(ListingField.allCases)

    package init() { bits = 0 }

    package init(arrayLiteral fields: ListingField...) {
        self.init(fields)
    }

    /// The fields of the names (as ``ListingField/names`` spells them) that a layout reads, as
    /// ``LayoutReads`` finds them; every field when it could not tell (`names` nil).
    init(names: Set<String>?) {
        guard let names else {
            self = .all
            return
        }
        self.init(ListingField.allCases.filter { $0.names.contains(where: names.contains) })
    }

    private static func bit(_ field: ListingField) -> Int { 1 << field.rawValue }

    package func contains(_ field: ListingField) -> Bool { bits & Self.bit(field) != 0 }

    package func union(_ other: ListingFields) -> ListingFields { ListingFields(bits: bits | other.bits) }
    package func intersection(_ other: ListingFields) -> ListingFields { ListingFields(bits: bits & other.bits) }
    package func symmetricDifference(_ other: ListingFields) -> ListingFields { ListingFields(bits: bits ^ other.bits) }

    package mutating func formUnion(_ other: ListingFields) { bits |= other.bits }
    package mutating func formIntersection(_ other: ListingFields) { bits &= other.bits }
    package mutating func formSymmetricDifference(_ other: ListingFields) { bits ^= other.bits }

    @discardableResult
    package mutating func insert(_ field: ListingField) -> (inserted: Bool, memberAfterInsert: ListingField) {
        defer { bits |= Self.bit(field) }
        return (!contains(field), field)
    }

    @discardableResult
    package mutating func remove(_ field: ListingField) -> ListingField? {
        defer { bits &= ~Self.bit(field) }
        return contains(field) ? field : nil
    }

    @discardableResult
    package mutating func update(with field: ListingField) -> ListingField? {
        defer { bits |= Self.bit(field) }
        return contains(field) ? field : nil
    }

    private init(bits: Int) { self.bits = bits }
}
