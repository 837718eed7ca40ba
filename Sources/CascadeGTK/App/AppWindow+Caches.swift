import CascadeImages
import CascadeScreens

/// The image disk cache's budget, which Preferences chooses among `Preferences.imageCacheChoices`.
extension AppWindow {
    /// The image disk cache's budget in effect, in megabytes.
    package var imageCacheMegabytes: Int {
        (pipeline.diskCache?.sizeLimit ?? DiskImageCache.defaultSizeLimit) >> 20
    }

    /// Sets the image cache's budget and remembers it; a smaller one evicts at once.
    func setImageCacheMegabytes(_ megabytes: Int) {
        preferences?.update { $0.imageCacheMegabytes = megabytes }
        // The remembered value is the clamped one; without a preferences file the choice stands.
        pipeline.diskCache?.setSizeLimit((preferences?.preferences.imageCacheMegabytes ?? megabytes) << 20)
    }
}
