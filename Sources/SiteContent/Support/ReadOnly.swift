/// Layout values (dictionaries of `Any`) that are built once and then only read, shared with the
/// threads that render pages.
package struct ReadOnly<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
