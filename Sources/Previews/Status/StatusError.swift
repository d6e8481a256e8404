/// A status a forge did not take: which forge, the request (never the token), the HTTP status
/// and the forge's own words, and what to do about it.
package struct StatusError: Error, Sendable, CustomStringConvertible {
    /// How the request failed.
    package enum Kind: Sendable, Equatable {
        /// 401: the token is wrong or has expired.
        case unauthorized
        /// 403: the token may not set statuses here.
        case forbidden
        /// 404: no such repository or commit, or none the token can see.
        case notFound
        /// Any other answer that is not a success, such as 422 for a commit the forge lacks.
        case refused
        /// 5xx on every attempt.
        case serverError
        /// No answer at all on every attempt: no connection, a timeout.
        case unreachable
    }

    package var kind: Kind
    package var forge: Forge
    /// The request, as `POST https://…/statuses/…`.
    package var request: String
    /// The HTTP status, when there was an answer.
    package var status: Int?
    /// What the forge said, or why there was no answer.
    package var reason: String
    /// The repository and the file the token came from, for the advice.
    package var repository: StatusRepository
    package var tokenFile: String
    /// How many times the request was sent.
    package var attempts = 1

    /// Whether the forge refused the token or the repository: a set-up that no retry mends,
    /// which `galley deploy` stops on before it builds anything.
    package var isSetUpProblem: Bool { [.unauthorized, .forbidden, .notFound].contains(kind) }

    package var description: String {
        let answer = status.map { "\($0)\(reason.isEmpty ? "" : " \(reason)")" } ?? reason
        switch kind {
        case .unauthorized:
            return "\(forge) refused the token in \(tokenFile) (\(answer)) for \(request); check that it is current, and \(forge.tokenNeeds)"
        case .forbidden:
            return "\(forge) does not let the token in \(tokenFile) set statuses on \(repository) (\(answer)) for \(request); \(forge.tokenNeeds)"
        case .notFound:
            return "\(forge) has no repository \(repository), or commit, that the token in \(tokenFile) can see (\(answer)) for \(request); check --status-repository, that the commit is pushed, and that the token can read the repository"
        case .refused:
            return "\(forge) refused the status (\(answer)) for \(request)"
        case .serverError:
            return "\(forge) failed \(attempts) time\(attempts == 1 ? "" : "s") to take the status (\(answer)) for \(request)"
        case .unreachable:
            return "cannot reach \(forge) for \(request) after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(answer)"
        }
    }
}
