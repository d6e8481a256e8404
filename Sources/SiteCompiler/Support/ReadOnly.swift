/// Layout values (dictionaries of `Any`) that are built once and then only read, shared with the
/// threads that render pages.
struct ReadOnly<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
