import CascadeScreens
import Foundation
import Testing

@Suite struct CacheHomeTests {
    @Test(arguments: ["relative/cache", "./cache", "", "~/cache"])
    func aRelativeXDGCacheHomeIsIgnored(value: String) {
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        #expect(DemoCatalog.cacheHome(environment: ["XDG_CACHE_HOME": value]).path == home.path)
    }

    @Test func anAbsoluteXDGCacheHomeIsUsed() {
        #expect(DemoCatalog.cacheHome(environment: ["XDG_CACHE_HOME": "/srv/cache"]).path == "/srv/cache")
    }
}
