/// A set of ``ListingField``s: what a page shows of the posts it lists, for fingerprinting only that.
struct ListingFields: SetAlgebra, Hashable, Sendable {
    /// One bit a field, at its raw value; what the cache keeps.
    private(set) var bits: Int

    /// Every field.
    static let all = ListingFields(ListingField.allCases)

    init() { bits = 0 }

    init(arrayLiteral fields: ListingField...) {
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

    func contains(_ field: ListingField) -> Bool { bits & Self.bit(field) != 0 }

    func union(_ other: ListingFields) -> ListingFields { ListingFields(bits: bits | other.bits) }
    func intersection(_ other: ListingFields) -> ListingFields { ListingFields(bits: bits & other.bits) }
    func symmetricDifference(_ other: ListingFields) -> ListingFields { ListingFields(bits: bits ^ other.bits) }

    mutating func formUnion(_ other: ListingFields) { bits |= other.bits }
    mutating func formIntersection(_ other: ListingFields) { bits &= other.bits }
    mutating func formSymmetricDifference(_ other: ListingFields) { bits ^= other.bits }

    @discardableResult
    mutating func insert(_ field: ListingField) -> (inserted: Bool, memberAfterInsert: ListingField) {
        defer { bits |= Self.bit(field) }
        return (!contains(field), field)
    }

    @discardableResult
    mutating func remove(_ field: ListingField) -> ListingField? {
        defer { bits &= ~Self.bit(field) }
        return contains(field) ? field : nil
    }

    @discardableResult
    mutating func update(with field: ListingField) -> ListingField? {
        defer { bits |= Self.bit(field) }
        return contains(field) ? field : nil
    }

    private init(bits: Int) { self.bits = bits }
}
