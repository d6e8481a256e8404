extension Theme: LayoutRendering {
    /// The layout `name` rendered with `values`, page by page: where the values hold summaries
    /// makes no difference here.
    package func render(_ name: String, _ values: [String: Any], summaries: @autoclosure () -> SummaryPlaces) -> String {
        render(name, values)
    }
}
