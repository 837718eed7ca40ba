/// The state of a load-more footer.
public enum FooterState: Equatable, Sendable {
    /// Waiting for the user to reach the end.
    case idle
    /// A page is loading.
    case loading
    /// The last page arrived: nothing more to load (only a refresh clears this).
    case noMoreData
    /// The last load failed; `retry()` loads again (the host shows `reason` and a retry button).
    case failed(reason: String)
}
