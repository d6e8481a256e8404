import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps a session from following any redirect by itself: ``ForgeClient`` follows those it
/// trusts with the token, and the rest come back as the answers they are.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
