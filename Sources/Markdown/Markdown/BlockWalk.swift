import CCmarkGFM

/// The block nodes of a cmark tree in document order, without stepping through its inline nodes:
/// headings and code blocks are blocks, and only blocks hold them, while most of a post's
/// nodes are the text, emphasis and links inside its paragraphs.
///
/// A node's children are all blocks or all inlines, so a block whose first child is an inline
/// holds no block: the walk takes the next block instead. Block quotes, lists, footnote
/// definitions and the extensions' blocks (a table's rows) are entered as cmark's own iterator
/// enters them.
enum BlockWalk {
    /// Calls `visit` with `root` and each block below it, parents before their children. The
    /// tree must not change during the walk.
    static func forEach(in root: OpaquePointer, _ visit: (OpaquePointer) -> Void) {
        var node = root
        while true {
            visit(node)
            if let child = cmark_node_first_child(node), isBlock(child) {
                node = child
                continue
            }
            // The next sibling of this node or of the nearest ancestor that has one, below `root`.
            var climbing = node
            while true {
                if climbing == root { return }
                if let next = cmark_node_next(climbing) {
                    node = next
                    break
                }
                guard let parent = cmark_node_parent(climbing) else { return }
                climbing = parent
            }
        }
    }

    /// Whether `node` is a block rather than an inline (cmark tells them apart by two bits of the
    /// type, extensions' types too).
    static func isBlock(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type(node).rawValue & 0xC000 == 0x8000
    }
}
