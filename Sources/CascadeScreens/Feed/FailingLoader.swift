import CascadeFeed

/// A loader that always fails with one error: stands in for a channel whose feed address
/// could not be built, so its page shows the failure like any other instead of crashing.
public struct FailingLoader: FeedLoading {
    /// The error every request fails with.
    public let error: FeedError

    /// Creates the loader.
    public init(error: FeedError = .invalidURL("")) {
        self.error = error
    }

    public func page(number: Int, size: Int) async throws -> FeedPage {
        throw error
    }
}
