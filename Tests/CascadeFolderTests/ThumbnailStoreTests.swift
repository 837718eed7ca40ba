import CascadeFolder
import CascadeImages
import CascadeTestSupport
import Foundation
import Testing

@Suite struct ThumbnailStoreTests {
    let subject = ThumbnailSubject(path: "/videos/a b.mp4", mtime: 1_700_000_000, size: 12_345)

    @Test func pngTextRoundTripsAndReplacesKeys() throws {
        let png = try #require(StoredPNG.encode(width: 2, height: 1, rgb: [255, 0, 0, 0, 255, 0]))
        let once = try #require(PNGText.inserting([("Thumb::URI", "a"), ("Software", "x")], into: png))
        let twice = try #require(PNGText.inserting([("Thumb::URI", "b")], into: once))
        let info = try #require(PNGText.read(twice))
        #expect(info.width == 2 && info.height == 1)
        #expect(info.text == ["Thumb::URI": "b", "Software": "x"])
    }

    @Test func pngTextRejectsDamagedFiles() throws {
        let png = try #require(StoredPNG.encode(width: 1, height: 1, rgb: [1, 2, 3]))
        #expect(PNGText.read(Array(png.dropLast(3))) == nil)
        var flipped = png
        flipped[20] ^= 0xff  // inside IHDR: the CRC no longer matches
        #expect(PNGText.read(flipped) == nil)
        #expect(PNGText.read(Array("not a png at all, but long enough to look".utf8)) == nil)
        #expect(PNGText.inserting([("Thumb::URI", "€")], into: png) == nil)
    }

    @Test func storedThumbnailConformsToTheStandard() throws {
        let folder = try VideoFolderFixture(label: "cascade-thumbs")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url.appendingPathComponent("thumbnails"), version: "9")
        let png = try #require(StoredPNG.encode(width: 4, height: 2, rgb: [UInt8](repeating: 128, count: 24)))
        let url = try store.store(png: png, for: subject, size: .large)
        #expect(url.path == folder.path("thumbnails/large/\(MD5.hex("file:///videos/a%20b.mp4")).png"))
        let info = try #require(PNGText.read(Array(try Data(contentsOf: url))))
        #expect(info.text["Thumb::URI"] == "file:///videos/a%20b.mp4")
        #expect(info.text["Thumb::MTime"] == "1700000000")
        #expect(info.text["Thumb::Size"] == "12345")
        #expect(info.text["Software"] == "cascade 9")
        #expect(try permissions(url.path) == 0o600)
        #expect(try permissions(folder.path("thumbnails/large")) == 0o700)
        #expect(try permissions(folder.path("thumbnails")) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("thumbnails/large"))
        #expect(leftovers == [url.lastPathComponent], "no temporary file stays behind")
        #expect(store.existing(for: subject, atLeast: .normal) == url)
        #expect(store.existing(for: subject, atLeast: .xLarge) == nil)
    }

    @Test func aChangedFileInvalidatesItsThumbnail() throws {
        let folder = try VideoFolderFixture(label: "cascade-thumbs")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url)
        let png = try #require(StoredPNG.encode(width: 1, height: 1, rgb: [9, 9, 9]))
        try store.store(png: png, for: subject, size: .normal)
        var touched = subject
        touched.mtime += 1
        #expect(store.existing(for: touched, atLeast: .normal) == nil)
        var resized = subject
        resized.size += 1
        #expect(store.existing(for: resized, atLeast: .normal) == nil)
    }

    /// A thumbnail from a file manager: its own Software, no Thumb::Size (optional).
    @Test func anotherProgramsValidThumbnailIsUsedAsIs() throws {
        let folder = try VideoFolderFixture(label: "cascade-thumbs")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url)
        let png = try #require(StoredPNG.encode(width: 1, height: 1, rgb: [1, 1, 1]))
        let foreign = try #require(
            PNGText.inserting(
                [
                    ("Thumb::URI", subject.uri), ("Thumb::MTime", String(subject.mtime)),
                    ("Software", "GNOME::ThumbnailFactory"),
                ],
                into: png))
        let path = folder.url.appendingPathComponent("x-large/\(subject.fileName)")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(foreign).write(to: path)
        #expect(store.existing(for: subject, atLeast: .large) == path)
        #expect(try Data(contentsOf: path) == Data(foreign), "left untouched")
    }

    @Test func failuresAreRecordedPerVersion() throws {
        let folder = try VideoFolderFixture(label: "cascade-thumbs")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url, version: "2")
        #expect(!store.hasFailed(subject))
        try store.recordFailure(subject)
        #expect(store.hasFailed(subject))
        #expect(FileManager.default.fileExists(atPath: folder.path("fail/cascade-2/\(subject.fileName)")))
        var changed = subject
        changed.mtime += 10
        #expect(!store.hasFailed(changed), "a changed file is tried again")
    }

    @Test func defaultRootFollowsXDG() {
        #expect(
            ThumbnailStore.defaultRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path == "/c/thumbnails")
        #expect(
            ThumbnailStore.defaultRoot(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]).path
                == "/h/.cache/thumbnails")
        #expect(ThumbnailStore.defaultRoot(environment: ["HOME": "/h"]).path == "/h/.cache/thumbnails")
    }

    private func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
