import Foundation

/// What a document's site path is made from, once its front matter is read: the loader turns
/// them into an address by the site's permalink pattern (or the document's own, `ownPattern`).
package struct AddressParts {
    var slug: String
    var date: Date?
    /// The zone the date was written in, when the address takes the day as written.
    var writtenIn: TimeZone?
    var title: String
    var categories: [String]
    /// A post's own `permalink:` pattern (Jekyll's placeholders allowed), instead of the site's.
    var ownPattern: Permalink?
}
