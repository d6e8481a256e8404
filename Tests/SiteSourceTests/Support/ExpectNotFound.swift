import SiteSource
import Testing

/// Records an issue unless reading `path` fails as a file that `source` does not hold, named.
func expectNotFound(_ path: String, in source: some SourceTree, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try source.contents(of: path)
        Issue.record("\(path), which the tree does not hold, was read", sourceLocation: sourceLocation)
    } catch SourceTreeError.notFound(let named) {
        #expect(named == path, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(path): \(error), not that the tree does not hold it", sourceLocation: sourceLocation)
    }
}
