import CascadeImages
import Foundation

extension ImagePipeline {
    /// The pipeline a Linux host uses: the gdk-pixbuf decoder, the default transport
    /// (http(s) with a 15 s timeout, file reads), a default-sized memory cache and a disk cache in
    /// `cacheDirectory` (created if needed).
    ///
    /// ```swift
    /// let pipeline = try ImagePipeline.pixbuf(cacheDirectory: ImagePipeline.userCacheDirectory())
    /// ```
    ///
    /// - Throws: the file-system error if the cache folder cannot be created or listed.
    public static func pixbuf(
        cacheDirectory: URL, diskSizeLimit: Int = DiskImageCache.defaultSizeLimit,
        memoryCostLimit: Int = MemoryImageCache.defaultCostLimit
    ) throws -> ImagePipeline {
        ImagePipeline(
            decoder: PixbufImageDecoder(), memoryCache: MemoryImageCache(costLimit: memoryCostLimit),
            diskCache: try DiskImageCache(directory: cacheDirectory, sizeLimit: diskSizeLimit))
    }

    /// `$XDG_CACHE_HOME/<application>/images` (`~/.cache/<application>/images` by default).
    public static func userCacheDirectory(application: String = "cascade") -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent(application, isDirectory: true).appendingPathComponent(
            "images", isDirectory: true)
    }
}
