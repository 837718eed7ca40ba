import CascadeImages
import Foundation

/// Baseline `nscache`: Foundation's `NSCache` holding the same decoded images under the same
/// keys (an `ImageCacheKey` boxed in an `NSObject` whose `hash`/`isEqual` forward to it, which
/// is how an NSCache-backed image cache keys its entries).
final class NSCacheBaseline {
    final class Key: NSObject {
        let key: ImageCacheKey

        init(_ key: ImageCacheKey) {
            self.key = key
        }

        override var hash: Int { key.hashValue }

        override func isEqual(_ object: Any?) -> Bool {
            (object as? Key)?.key == key
        }
    }

    final class Entry {
        let image: DecodedImage

        init(_ image: DecodedImage) {
            self.image = image
        }
    }

    let cache = NSCache<Key, Entry>()

    init(costLimit: Int) {
        cache.totalCostLimit = costLimit
    }

    func insert(_ image: DecodedImage, for key: Key) {
        cache.setObject(Entry(image), forKey: key, cost: image.cost)
    }

    func image(for key: Key) -> DecodedImage? {
        cache.object(forKey: key)?.image
    }
}
