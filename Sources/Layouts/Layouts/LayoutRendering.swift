/// Renders a layout with a page's values: what the generators ask of whatever renders the pages
/// they plan.
///
/// ``Theme`` renders each page as it is. A quicker renderer (the stencils in `Stencils/`, which
/// render each page shape once) wraps a theme and must give the same bytes. The dependency runs
/// one way: such a renderer knows the theme and the values layouts see, while the theme, the
/// values, the generators and the render phase know only this protocol; whoever composes a build
/// picks the renderer, and a reader can follow a build without knowing any but the theme.
package protocol LayoutRendering: Sendable {
    /// The layout `name` rendered with `values`. `summaries` says where the values hold posts'
    /// summaries, for a renderer that reuses what it works out for one on every page that shows
    /// it; a renderer that does not, never asks.
    func render(_ name: String, _ values: [String: Any], summaries: @autoclosure () -> SummaryPlaces) -> String
}
