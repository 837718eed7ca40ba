/// A source of feed pages: the HTTP API, a local catalog, or a test double.
///
/// Implementations throw `FeedError` (other errors are mapped with `FeedError.init(_:)`), honour
/// task cancellation by throwing `FeedError.cancelled`, and may be called from any task.
public protocol FeedLoading: Sendable {
    /// Loads page `number` (the first page's number is the source's convention, 0 by default)
    /// holding up to `size` entries.
    func page(number: Int, size: Int) async throws -> FeedPage
}
