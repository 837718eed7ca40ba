import CascadeFolder
import CascadeTestSupport
import Foundation
import Testing

/// Thumbnails are made at the size the cells need: the standard size covering the cover's width
/// in device pixels (its height for a portrait video); a valid larger one is reused.
@Suite struct ThumbnailSizingTests {
    @Test(
        arguments: [
            (0, 1.0, ThumbnailSize.normal), (100, 1.0, .normal), (128, 1.0, .normal), (129, 1.0, .large),
            (256, 9.0 / 16.0, .large), (300, 9.0 / 16.0, .xLarge), (200, 16.0 / 9.0, .xLarge),
            (120, 16.0 / 9.0, .large), (600, 1.0, .xxLarge), (5000, 1.0, .xxLarge), (200, .nan, .large),
            (200, -1.0, .large), (200, .infinity, .large), (Int.max, 1.0, .xxLarge), (-5, 1.0, .normal),
        ] as [(Int, Double, ThumbnailSize)])
    func neededSizeCoversTheLongestEdgeOnScreen(width: Int, aspect: Double, expected: ThumbnailSize) {
        #expect(ThumbnailSize.needed(coverPixelWidth: width, aspectRatio: aspect) == expected)
    }

    /// Golden table for a cover filling a box (the banner): (box width, box height, video height
    /// over width, size). A 1280 × 400 banner of a 16:9 video needs its width (xx-large), a tall
    /// box its height, scaled to the video's width; hostile numbers clamp.
    @Test(
        arguments: [
            (1280, 400, 9.0 / 16.0, ThumbnailSize.xxLarge), (2560, 800, 9.0 / 16.0, .xxLarge),
            (500, 200, 9.0 / 16.0, .xLarge), (640, 200, 9.0 / 16.0, .xxLarge), (512, 288, 9.0 / 16.0, .xLarge),
            (513, 100, 9.0 / 16.0, .xxLarge),
            (256, 144, 9.0 / 16.0, .large), (120, 100, 9.0 / 16.0, .large), (100, 72, 9.0 / 16.0, .normal),
            (300, 400, 9.0 / 16.0, .xxLarge), (200, 200, 1.0, .large), (400, 300, 16.0 / 9.0, .xxLarge),
            (200, 100, 16.0 / 9.0, .xLarge), (0, 0, 9.0 / 16.0, .normal), (-50, -50, 1.0, .normal),
            (400, 200, .nan, .xLarge), (400, 200, 0, .xLarge), (Int.max, Int.max, 9.0 / 16.0, .xxLarge),
        ] as [(Int, Int, Double, ThumbnailSize)])
    func aFilledBoxNeedsTheSizeCoveringItsWidthOrHeight(
        width: Int, height: Int, aspect: Double, expected: ThumbnailSize
    ) {
        #expect(ThumbnailSize.needed(coveringPixelWidth: width, height: height, aspectRatio: aspect) == expected)
    }

    /// The banner asks for its cover by the cell's URL and the box it fills: the same video's
    /// thumbnail at the covering size, made once; a remote URL is left alone.
    @Test(.timeLimit(.minutes(1))) func aCoverDrawnLargerGetsALargerThumbnailOfTheSameVideo() async throws {
        let folder = try VideoFolderFixture(label: "cascade-sizing")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url.appendingPathComponent("thumbnails"))
        let grabber = FakeGrabber()
        let generator = ThumbnailGenerator(store: store, grabber: grabber, size: .large)
        let subject = ThumbnailSubject(path: folder.path("a.mp4"), mtime: 1_700_000_000, size: 42)
        generator.setCoverPixelWidth(200)
        let cell = generator.cover(for: subject, duration: 1, aspectRatio: 9.0 / 16.0)
        #expect(cell == store.url(for: subject, size: .large))

        let banner = generator.cover(replacing: cell, coveringPixelWidth: 1280, height: 400)
        #expect(banner == store.url(for: subject, size: .xxLarge))
        #expect(generator.isRegistered(banner))
        _ = try await generator.thumbnail(at: banner)
        #expect(grabber.maxEdges == [1024])
        #expect(store.isValid(banner, for: subject))

        // Asked again (a re-render, a narrower window): the xx-large one is reused.
        #expect(generator.cover(replacing: cell, coveringPixelWidth: 1280, height: 400) == banner)
        #expect(generator.cover(replacing: cell, coveringPixelWidth: 600, height: 200) == banner)
        // The existing thumbnail's own URL maps to the same video too.
        #expect(generator.cover(replacing: banner, coveringPixelWidth: 100, height: 50) == banner)
        let remote = try #require(URL(string: "https://example.com/cover.jpg"))
        #expect(generator.cover(replacing: remote, coveringPixelWidth: 1280, height: 400) == remote)
        #expect(grabber.calls == 1)
    }

    @Test(.timeLimit(.minutes(1))) func coversFollowTheReportedCellWidth() async throws {
        let folder = try VideoFolderFixture(label: "cascade-sizing")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url.appendingPathComponent("thumbnails"))
        let grabber = FakeGrabber()
        let generator = ThumbnailGenerator(store: store, grabber: grabber, size: .large)
        let subject = ThumbnailSubject(path: folder.path("a.mp4"), mtime: 1_700_000_000, size: 42)
        let portrait = ThumbnailSubject(path: folder.path("b.mp4"), mtime: 1_700_000_000, size: 43)

        // No width reported yet: the default size.
        #expect(generator.cover(for: subject, duration: 1) == store.url(for: subject, size: .large))
        generator.setCoverPixelWidth(0)
        #expect(generator.neededSize(aspectRatio: 1) == .large, "a zero width is ignored")

        // A 2-column window on a HiDPI screen: 400 device pixels wide covers.
        generator.setCoverPixelWidth(400)
        let wide = generator.cover(for: subject, duration: 1, aspectRatio: 9.0 / 16.0)
        #expect(wide == store.url(for: subject, size: .xLarge))
        _ = try await generator.thumbnail(at: wide)
        #expect(grabber.maxEdges == [512])
        #expect(store.isValid(store.url(for: subject, size: .xLarge), for: subject))

        // Narrow columns: the x-large one made above is reused (larger is fine), nothing is made.
        generator.setCoverPixelWidth(100)
        #expect(generator.cover(for: subject, duration: 1, aspectRatio: 9.0 / 16.0) == wide)
        #expect(grabber.calls == 1)

        // A portrait video at 200 px wide is 356 px tall: x-large again.
        generator.setCoverPixelWidth(200)
        let tall = generator.cover(for: portrait, duration: 1, aspectRatio: 16.0 / 9.0)
        #expect(tall == store.url(for: portrait, size: .xLarge))
        _ = try await generator.thumbnail(at: tall)
        #expect(grabber.maxEdges == [512, 512])
    }

    /// A thumbnail cache that cannot be written (here a file where its folder should be) still
    /// gives the cover, from memory, and leaves nothing on disk.
    @Test(.timeLimit(.minutes(1))) func aCacheThatCannotBeWrittenStillGivesTheCover() async throws {
        let folder = try VideoFolderFixture(label: "cascade-sizing")
        defer { folder.remove() }
        let blocker = folder.url.appendingPathComponent("thumbnails")
        try Data("not a folder".utf8).write(to: blocker)
        let store = ThumbnailStore(root: blocker)
        let generator = ThumbnailGenerator(store: store, grabber: FakeGrabber(), size: .large)
        let subject = ThumbnailSubject(path: folder.path("a.mp4"), mtime: 1_700_000_000, size: 42)
        let data = try await generator.thumbnail(at: generator.cover(for: subject, duration: 1))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a folder")
    }

    /// A page listed before the feed was laid out named the default size; the cells, laid out
    /// since, need more: the thumbnail is made at the size needed when it is fetched.
    @Test(.timeLimit(.minutes(1))) func theSizeIsDecidedWhenTheCoverIsFetched() async throws {
        let folder = try VideoFolderFixture(label: "cascade-sizing")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url.appendingPathComponent("thumbnails"))
        let grabber = FakeGrabber()
        let generator = ThumbnailGenerator(store: store, grabber: grabber, size: .large)
        let subject = ThumbnailSubject(path: folder.path("a.mp4"), mtime: 1_700_000_000, size: 42)
        let early = generator.cover(for: subject, duration: 1, aspectRatio: 9.0 / 16.0)
        #expect(early == store.url(for: subject, size: .large))

        generator.setCoverPixelWidth(320)
        let data = try await generator.thumbnail(at: early)
        #expect(grabber.maxEdges == [512])
        let made = store.url(for: subject, size: .xLarge)
        #expect(store.isValid(made, for: subject))
        #expect(data == (try Data(contentsOf: made)))
        #expect(!FileManager.default.fileExists(atPath: early.path), "no large thumbnail is made")

        // Fetched again (narrower now): the x-large one is reused.
        generator.setCoverPixelWidth(100)
        #expect(try await generator.thumbnail(at: early) == data)
        #expect(grabber.calls == 1)
    }

    @Test(.timeLimit(.minutes(1))) func aSmallerExistingThumbnailIsNotEnough() async throws {
        let folder = try VideoFolderFixture(label: "cascade-sizing")
        defer { folder.remove() }
        let store = ThumbnailStore(root: folder.url.appendingPathComponent("thumbnails"))
        let grabber = FakeGrabber()
        let generator = ThumbnailGenerator(store: store, grabber: grabber, size: .normal)
        let subject = ThumbnailSubject(path: folder.path("a.mp4"), mtime: 1_700_000_000, size: 42)
        let png = try #require(StoredPNG.encode(width: 1, height: 1, rgb: [1, 1, 1]))
        let small = try store.store(png: png, for: subject, size: .normal)
        #expect(generator.cover(for: subject, duration: 1) == small, "normal is what is needed by default")

        generator.setCoverPixelWidth(1000)
        let big = generator.cover(for: subject, duration: 1)
        #expect(big == store.url(for: subject, size: .xxLarge))
        _ = try await generator.thumbnail(at: big)
        #expect(grabber.maxEdges == [1024])
        #expect(store.existing(for: subject, atLeast: .large) == big)
        #expect(store.isValid(small, for: subject), "the smaller one stays for whoever needs it")
    }
}
