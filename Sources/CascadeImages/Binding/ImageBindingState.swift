/// What a bound view should show.
public enum ImageBindingState: Equatable, Sendable {
    /// Nothing to load (no request bound): show the placeholder.
    case placeholder
    /// The image is on its way: show the placeholder (or a spinner).
    case loading
    /// The image is ready.
    case image(DecodedImage)
    /// The image could not be loaded: show the error image.
    case failure(ImagePipelineError)
}
