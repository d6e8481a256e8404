import Digests
import SiteContent

/// List pages rendered ahead of the render phase, on one thread of their own, in the order
/// planned: the pages made from many posts that a build will render whatever it finds, because
/// what they show changed (the archive, after a new title). The render phase then finds them
/// made, or waits for them; until then the posts' pages are planned beside them.
///
/// One thread for each call, which renders its pages one after another, as the render phase
/// gives them one thread (see ``PageRendering``): two long list pages at once only slow each
/// other down. The planner starts the archive alone, before it plans the others.
enum EarlyRenders {
    /// `items`, each list page among them that `rendersAnyway` names started at once on a thread
    /// of its own and its content made to wait for that; the others as they are.
    static func starting(_ items: [PagePlanner.Item],
                         where rendersAnyway: (@Sendable (_ path: String, _ fingerprint: Fingerprint) -> Bool)?) -> [PagePlanner.Item] {
        guard let rendersAnyway else { return items }
        var early: [Int] = []
        var renders: [@Sendable () -> String] = []
        for (index, item) in items.enumerated() {
            guard item.showsMany, let fingerprint = item.fingerprint, case .page(let render) = item.content,
                rendersAnyway(item.path, fingerprint)
            else { continue }
            early.append(index)
            renders.append(render)
        }
        guard !early.isEmpty else { return items }
        let made = Background { [renders] in renders.map { $0() } }
        var started = items
        for (slot, index) in early.enumerated() {
            started[index].content = .page { made.wait()[slot] }
        }
        return started
    }
}
