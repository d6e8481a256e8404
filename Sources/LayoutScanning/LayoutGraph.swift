import Diagnostics
import Text

/// How a theme's layouts bring one another in, checked when the theme is loaded: swift-mustache
/// follows partials, parents and blocks by calling itself, with no limit, so a layout that
/// brings itself in again (`footer` including `footer`, `a` including `b` including `a`, a block
/// override that fills its own block) runs until the stack is gone and the process with it.
///
/// Each layout and each block override in it is a node; a partial or parent leads to that
/// layout, and a block `{{$name}}` to every override of that name in the theme. A cycle is an
/// error at the reference that closes it. Without cycles, the nesting a page's rendering can
/// reach and the number of layouts it can bring in are worked out and bounded
/// (``InputLimits/layoutDepth``, ``InputLimits/layoutIncludes``), and a layout named by a value
/// (`{{>*name}}`) is refused: front matter could name the layout that holds it.
package struct LayoutGraph {
    private struct Node {
        package var layout: String
        package var fragment: LayoutScan.Fragment
    }

    private struct Edge {
        package var reference: LayoutScan.Reference
        package var targets: [Int]
    }

    private var nodes: [Node] = []
    private var edges: [[Edge]] = []
    private let origins: [String: String]
    /// Every layout's name.
    private let names: [String]

    /// Every problem of the theme whose layouts read as `scans`, each at its layout's file
    /// (`origins`, which names one for every layout) and line.
    package static func problems(_ scans: [String: LayoutScan], origins: [String: String]) -> [Diagnostic] {
        LayoutGraph(scans, origins: origins).problems()
    }

    private init(_ scans: [String: LayoutScan], origins: [String: String]) {
        self.origins = origins
        names = scans.keys.sorted()
        var first: [String: Int] = [:]
        var overrides: [String: [Int]] = [:]
        for name in scans.keys.sorted() {
            first[name] = nodes.count
            for fragment in scans[name]!.fragments {
                if let block = fragment.block { overrides[block, default: []].append(nodes.count) }
                nodes.append(Node(layout: name, fragment: fragment))
            }
        }
        edges = nodes.map { node in
            node.fragment.references.compactMap { reference in
                guard !reference.isDynamic else { return nil }
                switch reference.kind {
                case .partial, .parent:
                    // A layout the theme does not have is reported in problems().
                    return first[reference.name].map { Edge(reference: reference, targets: [$0]) }
                case .block:
                    return overrides[reference.name].map { Edge(reference: reference, targets: $0) }
                }
            }
        }
    }

    private func problems() -> [Diagnostic] {
        var found: [Diagnostic] = []
        for node in nodes {
            for reference in node.fragment.references where reference.isDynamic {
                let sigil = reference.kind == .parent ? "<" : ">"
                found.append(diagnostic(node.layout, reference.line,
                    "{{\(sigil)*\(reference.name)}} names a layout by a value, which front matter could point at this very layout to include itself forever; include layouts by their names ({{\(sigil)name}})"))
            }
        }
        found += missing()
        let (order, cycles) = walk()
        found += cycles
        guard cycles.isEmpty else { return found }

        // Deepest nesting and layouts brought in, from each node on; counts stop just past the limit.
        var depth = [Int](repeating: 0, count: nodes.count)
        var includes = [Int](repeating: 0, count: nodes.count)
        for node in order {
            depth[node] = nodes[node].fragment.depth
            var brought = 0
            for edge in edges[node] {
                let deepest = edge.targets.map { depth[$0] }.max() ?? 0
                depth[node] = max(depth[node], edge.reference.level + 1 + deepest)
                // Each partial counts with what it brings; a block is filled by one override.
                let most = edge.targets.map { includes[$0] }.max() ?? 0
                brought = min(InputLimits.layoutIncludes + 1, brought + (edge.reference.kind == .block ? most : 1 + most))
            }
            includes[node] = brought
            // Reported where the limit is first passed, at the reference that passes it.
            if depth[node] > InputLimits.layoutDepth, let edge = edges[node].first(where: { edge in
                edge.reference.level + 1 + (edge.targets.map { depth[$0] }.max() ?? 0) > InputLimits.layoutDepth
                    && edge.targets.allSatisfy { depth[$0] <= InputLimits.layoutDepth }
            }) {
                found.append(diagnostic(nodes[node].layout, edge.reference.line,
                    "layouts nest more than \(InputLimits.layoutDepth) levels deep through here (sections and blocks, and the partials and parents within them)"))
            }
            if includes[node] > InputLimits.layoutIncludes, edges[node].allSatisfy({ $0.targets.allSatisfy { includes[$0] <= InputLimits.layoutIncludes } }) {
                found.append(diagnostic(nodes[node].layout, nodes[node].fragment.line,
                    "\(name(of: node)) brings in more than \(InputLimits.layoutIncludes) partials and parents, counting each once for every place it stands"))
            }
        }
        return found
    }

    /// A partial or parent the theme does not have: swift-mustache renders it as nothing, so a
    /// misspelt `{{<bsae}}` would publish empty pages.
    private func missing() -> [Diagnostic] {
        let known = Set(names)
        var found: [Diagnostic] = []
        for node in nodes {
            for reference in node.fragment.references where !reference.isDynamic && reference.kind != .block && !known.contains(reference.name) {
                let tag = reference.kind == .parent ? "{{<\(reference.name)}}" : "{{>\(reference.name)}}"
                let meant = EditDistance.suggestion(for: reference.name, among: names).map { "did you mean '\($0)'? or " } ?? ""
                found.append(diagnostic(node.layout, reference.line,
                    "\(tag) names a layout the theme does not have: \(meant)add layouts/\(reference.name).mustache"))
            }
        }
        return found
    }

    /// The nodes in an order where each comes after everything it leads to, and the cycles
    /// found on the way; a depth-first walk with a stack of its own, as a theme may have
    /// thousands of layouts in a row.
    private func walk() -> (order: [Int], cycles: [Diagnostic]) {
        enum Mark { case new, open, done }
        var marks = [Mark](repeating: .new, count: nodes.count)
        var order: [Int] = []
        var cycles: [Diagnostic] = []
        for root in nodes.indices where marks[root] == .new {
            // Each entry: a node, the edge it is at, and the target of that edge it is at.
            var stack: [(node: Int, edge: Int, target: Int)] = [(root, 0, 0)]
            marks[root] = .open
            while let top = stack.last {
                let node = top.node
                guard top.edge < edges[node].count else {
                    marks[node] = .done
                    order.append(node)
                    stack.removeLast()
                    continue
                }
                let edge = edges[node][top.edge]
                guard top.target < edge.targets.count else {
                    stack[stack.count - 1].edge += 1
                    stack[stack.count - 1].target = 0
                    continue
                }
                stack[stack.count - 1].target += 1
                let next = edge.targets[top.target]
                switch marks[next] {
                case .new:
                    marks[next] = .open
                    stack.append((next, 0, 0))
                case .open:
                    let loop = stack.drop { $0.node != next }.map { shortName(of: $0.node) } + [shortName(of: next)]
                    cycles.append(diagnostic(nodes[node].layout, edge.reference.line,
                        "\(name(of: next)) brings itself in again (\(loop.joined(separator: " > "))): a layout cannot include itself, directly or through others"))
                case .done:
                    break
                }
            }
        }
        return (order, cycles)
    }

    private func name(of node: Int) -> String {
        let layout = nodes[node].layout
        guard let block = nodes[node].fragment.block else { return "'\(layout)'" }
        return "the '\(block)' block of '\(layout)'"
    }

    /// `footer`, or `post{{$main}}` for the override of `main` in `post`.
    private func shortName(of node: Int) -> String {
        nodes[node].layout + (nodes[node].fragment.block.map { "{{$\($0)}}" } ?? "")
    }

    private func diagnostic(_ layout: String, _ line: Int, _ message: String) -> Diagnostic {
        Diagnostic(path: origins[layout] ?? layout, line: line, message: message)
    }
}
