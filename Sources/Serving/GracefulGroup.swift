import ServiceLifecycle
import Logging

/// How Galley's servers stop: a cancelled caller asks its services for a graceful shutdown
/// instead of cancelling them. A Hummingbird server cancelled while it accepts a connection
/// drops that connection's channel unclosed, which NIO stops the whole process for ("Deinited
/// NIOAsyncWriter without calling finish()", swift-nio issue 2637); shut down gracefully, it
/// closes every channel first.
enum GracefulGroup {
    /// Runs `services` until they end, stopping them gracefully (within `deadline`) once the
    /// calling task is cancelled. Galley has one signal handler, which cancels that task, so the
    /// group traps no signal itself. Their tasks run on `executor` when one is given (see
    /// ``DevServer/Settings/executor``).
    static func run(_ services: [any Service], logger: Logger, deadline: Duration = .seconds(3),
                    executor: (any TaskExecutor)? = nil) async throws {
        var configuration = ServiceGroupConfiguration(services: services.map { .init(service: $0) }, logger: logger)
        configuration.maximumGracefulShutdownDuration = deadline
        let group = ServiceGroup(configuration: configuration)
        // Unstructured, so that the caller's cancellation does not reach the services.
        let running = Task(executorPreference: executor) { try await group.run() }
        try await withTaskCancellationHandler {
            try await running.value
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }
}
