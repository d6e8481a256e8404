import Blocking

/// A value made by whichever thread first asks for it, once. Copies share the making: a
/// document copied before its params are asked for decodes them once for all its copies.
package struct Once<Value: Sendable>: Sendable {
    private enum Storage: Sendable {
        /// Known from the start: nothing to take turns at. A parsed post's params are so, and a
        /// big blog has ten thousand posts.
        case made(Value)
        case whenAsked(Locked<(made: Value?, make: (@Sendable () -> Value)?)>)
    }

    private let storage: Storage

    package init(_ make: @escaping @Sendable () -> Value) { storage = .whenAsked(Locked((nil, make))) }

    /// A value already made.
    init(value: Value) { storage = .made(value) }

    package var value: Value {
        switch storage {
        case .made(let value):
            return value
        case .whenAsked(let state):
            return state.withLock { state in
                if let made = state.made { return made }
                let value = state.make!()
                state = (value, nil)
                return value
            }
        }
    }
}
