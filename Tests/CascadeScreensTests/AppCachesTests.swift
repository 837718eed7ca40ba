import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// What "Clear cache" counts and empties under `$XDG_CACHE_HOME/cascade`: every cache the app
/// keeps there, not the demo catalogs, not what a link points to, not a write in progress.
@Suite struct AppCachesTests {
    let temporary = TemporaryFolders()

    func write(_ bytes: Int, _ relative: String, in root: URL) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 7, count: bytes).write(to: url)
    }

    @Test func clearEmptiesTheCachesAndSparesTheDemoLinksAndLiveWrites() throws {
        let root = try temporary.make("cascade-caches")
        let outside = try temporary.make("cascade-caches-outside")
        try write(1000, "images/0123456789abcdef0123456789abcdef", in: root)
        try write(500, "images/fedcba9876543210fedcba9876543210", in: root)
        try write(300, "feeds/demo-default-all.json", in: root)
        try write(200, "folder-media/abc.txt", in: root)
        try write(40, "seek/a/b/c/frames.bin", in: root)
        try write(10, "loose-file", in: root)
        // A write in progress by this process (AtomicFile's temporary name), and one a crash left.
        let live = ".page.json.\(getpid()).00000000000000ff.tmp"
        try write(7, "feeds/\(live)", in: root)
        try write(3, "feeds/.page.json.999999999.00000000000000ee.tmp", in: root)
        // Content and the desktop's: never counted or cleared.
        try write(5000, "demo-catalog-v1/media/clip.mp4", in: root)
        try write(4000, "demo-catalog-small/channels.json", in: root)
        try write(900, "target.bin", in: outside)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("images/link").path,
            withDestinationPath: outside.appendingPathComponent("target.bin").path)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("linked-folder").path, withDestinationPath: outside.path)

        let caches = AppCaches(root: root)
        #expect(caches.size() == 1000 + 500 + 300 + 200 + 40 + 10 + 7 + 3)
        #expect(caches.clear() == 7, "only the live write is left")
        #expect(caches.size() == 7)

        let fm = FileManager.default
        for folder in ["images", "feeds", "folder-media", "seek"] {
            var isFolder: ObjCBool = false
            #expect(fm.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isFolder))
            #expect(isFolder.boolValue, "\(folder) is kept as a folder")
        }
        #expect(try fm.contentsOfDirectory(atPath: root.appendingPathComponent("images").path).isEmpty)
        #expect(try fm.contentsOfDirectory(atPath: root.appendingPathComponent("seek").path).isEmpty)
        #expect(try fm.contentsOfDirectory(atPath: root.appendingPathComponent("feeds").path) == [live])
        #expect(!fm.fileExists(atPath: root.appendingPathComponent("loose-file").path))
        #expect(fm.fileExists(atPath: root.appendingPathComponent("demo-catalog-v1/media/clip.mp4").path))
        #expect(fm.fileExists(atPath: root.appendingPathComponent("demo-catalog-small/channels.json").path))
        #expect(fm.fileExists(atPath: outside.appendingPathComponent("target.bin").path), "a link is not followed")
        #expect((try? fm.destinationOfSymbolicLink(atPath: root.appendingPathComponent("linked-folder").path)) == nil)
        #expect(AppCaches.isClearable("images") && !AppCaches.isClearable("demo-catalog-v1"))
    }

    @Test func aMissingCacheFolderIsEmpty() {
        let caches = AppCaches(root: URL(fileURLWithPath: "/nonexistent/cascade-\(UUID().uuidString)"))
        #expect(caches.size() == 0)
        #expect(caches.clear() == 0)
    }
}
