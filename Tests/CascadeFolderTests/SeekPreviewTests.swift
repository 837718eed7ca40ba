import CascadeFolder
import CascadeTestSupport
import Foundation
import Testing

/// The seek-preview plan (golden table) and the sprite store: valid only for the same file and
/// plan, recently used kept within the budget, a store that cannot write answering from memory.
@Suite struct SeekPreviewTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let duration: Double
        let size: (Int, Int)
        let interval: Double
        let count: Int
        let tileHeight: Int
        let sprite: (Int, Int)
        var testDescription: String { "\(duration) s, \(size.0)×\(size.1)" }
    }

    static let rows: [Row] = [
        Row(duration: 6, size: (1280, 720), interval: 1, count: 6, tileHeight: 90, sprite: (960, 90)),
        Row(duration: 0.4, size: (640, 480), interval: 1, count: 1, tileHeight: 120, sprite: (160, 120)),
        Row(duration: 100, size: (1920, 1080), interval: 1, count: 100, tileHeight: 90, sprite: (1600, 900)),
        Row(duration: 100.5, size: (1920, 1080), interval: 1.005, count: 100, tileHeight: 90, sprite: (1600, 900)),
        Row(duration: 3600, size: (720, 1280), interval: 36, count: 100, tileHeight: 240, sprite: (1600, 2400)),
        Row(duration: 15, size: (4000, 100), interval: 1, count: 15, tileHeight: 40, sprite: (1600, 80)),
    ]

    @Test(arguments: rows) func planGolden(_ row: Row) throws {
        let plan = try #require(
            SeekPreviewPlan(duration: row.duration, videoWidth: row.size.0, videoHeight: row.size.1))
        #expect(abs(plan.interval - row.interval) < 1e-9)
        #expect(plan.count == row.count)
        #expect(plan.tileHeight == row.tileHeight)
        #expect(plan.spriteWidth == row.sprite.0 && plan.spriteHeight == row.sprite.1)
        #expect(plan.positions.count == plan.count)
        #expect(plan.positions.allSatisfy { $0 >= 0 && $0 < row.duration })
        // Every time maps to the tile taken at or before it, and each tile's frame maps to it.
        for (index, position) in plan.positions.enumerated() where index > 0 || position == 0 {
            #expect(plan.tile(at: position) == index || position == max(0, row.duration - 0.05))
        }
        #expect(plan.tile(at: -5) == 0 && plan.tile(at: .nan) == 0 && plan.tile(at: 1e12) == plan.count - 1)
        let last = plan.origin(ofTile: plan.count - 1)
        #expect(last.x + SeekPreviewPlan.tileWidth <= plan.spriteWidth && last.y + plan.tileHeight <= plan.spriteHeight)
    }

    @Test func noPlanForWhatIsNotAVideoLength() {
        #expect(SeekPreviewPlan(duration: 0, videoWidth: 16, videoHeight: 9) == nil)
        #expect(SeekPreviewPlan(duration: -1, videoWidth: 16, videoHeight: 9) == nil)
        #expect(SeekPreviewPlan(duration: .infinity, videoWidth: 16, videoHeight: 9) == nil)
        #expect(SeekPreviewPlan(duration: .nan, videoWidth: 16, videoHeight: 9) == nil)
        #expect(SeekPreviewPlan(duration: 5, videoWidth: 0, videoHeight: 9) == nil)
    }

    func sprite(_ plan: SeekPreviewPlan, shade: UInt8) -> [UInt8] {
        StoredPNG.encode(
            width: plan.spriteWidth, height: plan.spriteHeight,
            rgb: [UInt8](repeating: shade, count: plan.spriteWidth * plan.spriteHeight * 3))!
    }

    @Test func aSpriteIsValidForTheSameFileAndPlanOnly() throws {
        let folder = try FeedFixtures.temporaryDirectory("cascade-seek-store")
        let store = SeekPreviewStore(root: folder.appendingPathComponent("seek-previews"))
        let plan = try #require(SeekPreviewPlan(duration: 6, videoWidth: 320, videoHeight: 180))
        let subject = ThumbnailSubject(path: "/videos/a.mp4", mtime: 100, size: 5000)
        #expect(store.load(for: subject, plan: plan) == nil)
        try store.store(sprite(plan, shade: 7), for: subject, plan: plan)
        let loaded = try #require(store.load(for: subject, plan: plan))
        #expect(PNGText.read(loaded)?.width == plan.spriteWidth)
        // The file changed, or another plan: not this sprite.
        #expect(store.load(for: ThumbnailSubject(path: "/videos/a.mp4", mtime: 101, size: 5000), plan: plan) == nil)
        #expect(
            store.load(
                for: subject, plan: try #require(SeekPreviewPlan(duration: 7, videoWidth: 320, videoHeight: 180)))
                == nil)
        // A torn file is no sprite.
        try Data(loaded.prefix(loaded.count / 2)).write(to: store.url(for: subject))
        #expect(store.load(for: subject, plan: plan) == nil)
        #expect(throws: SeekPreviewStore.NotPNG.self) { try store.store([1, 2, 3], for: subject, plan: plan) }
    }

    @Test func theLeastRecentlyUsedGoFirstPastTheBudget() throws {
        let folder = try FeedFixtures.temporaryDirectory("cascade-seek-budget")
        let plan = try #require(SeekPreviewPlan(duration: 6, videoWidth: 320, videoHeight: 180))
        let one = sprite(plan, shade: 1)
        let roomy = SeekPreviewStore(root: folder)
        let subjects = (0..<5).map { ThumbnailSubject(path: "/videos/\($0).mp4", mtime: 1, size: 1) }
        for (index, subject) in subjects.enumerated() {
            try roomy.store(sprite(plan, shade: UInt8(index)), for: subject, plan: plan)
            // Used a while ago, in order: 0 oldest.
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: Double(index - 100))],
                ofItemAtPath: roomy.url(for: subject).path)
        }
        #expect(roomy.load(for: subjects[0], plan: plan) != nil)  // 0 used again: the newest
        // Room for three sprites (with their text chunks).
        let store = SeekPreviewStore(root: folder, budget: one.count * 3 + 3 * 200)
        store.trim()
        let kept = subjects.filter { FileManager.default.fileExists(atPath: store.url(for: $0).path) }
        #expect(kept.map(\.path) == ["/videos/0.mp4", "/videos/3.mp4", "/videos/4.mp4"])
    }

    /// A store that cannot write (its folder cannot be made) still hands the sprite back, made
    /// once for the session.
    @Test func aSpriteThatCannotBeStoredIsKeptInMemory() async throws {
        let folder = try FeedFixtures.temporaryDirectory("cascade-seek-memory")
        let video = folder.appendingPathComponent("v.mp4")
        try Data([0, 1, 2]).write(to: video)
        let maker = CountingMaker()
        let sprites = SeekPreviewSprites(
            store: SeekPreviewStore(root: URL(fileURLWithPath: "/proc/self/cascade-\(UUID().uuidString)")), maker: maker
        )
        let plan = try #require(SeekPreviewPlan(duration: 6, videoWidth: 320, videoHeight: 180))
        let first = await sprites.sprite(video: video, plan: plan)
        let second = await sprites.sprite(video: video, plan: plan)
        #expect(first != nil && first == second)
        #expect(maker.calls.withLock { $0 } == 1)
        #expect(await sprites.sprite(video: folder.appendingPathComponent("gone.mp4"), plan: plan) == nil)
    }

    /// A remote video's sprite is made once and stored under its URL; other schemes get none.
    @Test func aRemoteVideosSpriteIsMadeOnceAndStoredByItsURL() async throws {
        let folder = try FeedFixtures.temporaryDirectory("cascade-seek-remote")
        let maker = CountingMaker()
        let store = SeekPreviewStore(root: folder)
        let sprites = SeekPreviewSprites(store: store, maker: maker)
        let plan = try #require(SeekPreviewPlan(duration: 6, videoWidth: 320, videoHeight: 180))
        let video = URL(string: "https://cdn.example.com/v/clip.flv")!
        let first = await sprites.sprite(video: video, plan: plan)
        #expect(first != nil)
        #expect(await SeekPreviewSprites(store: store, maker: maker).sprite(video: video, plan: plan) != nil)
        #expect(maker.calls.withLock { $0 } == 1, "the second instance read the store")
        #expect(maker.videos.withLock { $0 } == [video])
        #expect(store.load(for: ThumbnailSubject(remoteVideo: video), plan: plan) != nil)
        #expect(await sprites.sprite(video: URL(string: "ftp://example.com/v.mp4")!, plan: plan) == nil)
        #expect(maker.calls.withLock { $0 } == 1)
    }

    final class CountingMaker: SpriteMaking {
        let calls = SharedValue(0)
        let videos = SharedValue<[URL]>([])
        func spritePNG(video: URL, plan: SeekPreviewPlan) throws -> [UInt8] {
            calls.withLock { $0 += 1 }
            videos.withLock { $0.append(video) }
            return StoredPNG.encode(
                width: plan.spriteWidth, height: plan.spriteHeight,
                rgb: [UInt8](repeating: 9, count: plan.spriteWidth * plan.spriteHeight * 3))!
        }
    }
}
