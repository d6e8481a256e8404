import Blocking

/// A value made by whichever thread first asks for it, once.
package final class Once<Value: Sendable>: Sendable {
    // A Mutex lives inline, where an NSLock is an object of its own: a big blog has one of
    // these for each post.
    private let state: Locked<(made: Value?, make: (@Sendable () -> Value)?)>

    package init(_ make: @escaping @Sendable () -> Value) { state = Locked((nil, make)) }

    /// A value already made.
    init(value: Value) { state = Locked((value, nil)) }

    package var value: Value {
        state.withLock { state in
            if let made = state.made { return made }
            let value = state.make!()
            state = (value, nil)
            return value
        }
    }
}
