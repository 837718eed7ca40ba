import CascadeImages
import Foundation
import Testing

@Suite struct DiskImageCacheTests {
    private func url(_ name: String) -> URL { URL(string: "https://example.com/covers/\(name).jpg?x=1")! }
    private func bytes(_ count: Int, _ value: UInt8 = 1) -> Data { Data(repeating: value, count: count) }
    private let header = 12

    @Test func storesAndReadsBackUnderAHashedName() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = try DiskImageCache(directory: folder.url)
        let hostile = URL(string: "https://example.com/../../etc/passwd%00/x.jpg")!
        #expect(cache.store(bytes(10, 9), for: hostile))
        #expect(cache.data(for: hostile) == bytes(10, 9))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == [DiskImageCache.fileName(for: hostile)])
        #expect(names[0].count == 32 && !names[0].contains("/") && !names[0].contains("."))
        #expect(cache.data(for: url("missing")) == nil)
    }

    /// Entries of the earlier naming (SHA-256, 64 digits) are never looked up again: opening the
    /// cache deletes them instead of leaving them to fill the disk; other files stay.
    @Test func entriesOfTheEarlierNamingAreDeletedWhenTheCacheOpens() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let earlier = String(repeating: "ab", count: 32)
        try Data(count: 100).write(to: folder.url.appendingPathComponent(earlier))
        try Data(count: 5).write(to: folder.url.appendingPathComponent("notes.txt"))
        let first = try DiskImageCache(directory: folder.url)
        first.store(bytes(10), for: url("a"))
        let cache = try DiskImageCache(directory: folder.url)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.url.path))
        #expect(names == [DiskImageCache.fileName(for: url("a")), "notes.txt"])
        #expect(cache.data(for: url("a")) == bytes(10))
        #expect(cache.totalSize == 10 + header)
    }

    @Test func evictsLeastRecentlyUsedWhenOverTheSizeLimit() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = try DiskImageCache(directory: folder.url, sizeLimit: 3 * (100 + header))
        cache.store(bytes(100), for: url("a"))
        cache.store(bytes(100), for: url("b"))
        cache.store(bytes(100), for: url("c"))
        #expect(cache.data(for: url("a")) != nil)  // a becomes most recent
        cache.store(bytes(100), for: url("d"))  // b is the least recently used
        #expect(!cache.contains(url("b")))
        #expect(cache.data(for: url("b")) == nil)
        #expect(cache.contains(url("a")) && cache.contains(url("c")) && cache.contains(url("d")))
        #expect(cache.totalSize == 3 * (100 + header))
        #expect(!cache.store(bytes(1_000), for: url("huge")))  // larger than the whole limit
    }

    @Test func aSmallerLimitEvictsAtOnceAndALargerOneKeepsMore() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = try DiskImageCache(directory: folder.url, sizeLimit: 3 * (100 + header))
        for name in ["a", "b", "c"] { cache.store(bytes(100), for: url(name)) }
        cache.setSizeLimit(1 * (100 + header))
        #expect(cache.sizeLimit == 100 + header)
        #expect(!cache.contains(url("a")) && !cache.contains(url("b")) && cache.contains(url("c")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 1)
        cache.setSizeLimit(4 * (100 + header))
        for name in ["d", "e", "f"] { cache.store(bytes(100), for: url(name)) }
        #expect(cache.totalSize == 4 * (100 + header))
        cache.setSizeLimit(-5)
        #expect(cache.sizeLimit == 0 && cache.totalSize == 0)
    }

    @Test func aTruncatedOrCorruptEntryIsDeletedAndMissed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = try DiskImageCache(directory: folder.url)
        cache.store(bytes(100), for: url("a"))
        cache.store(bytes(100), for: url("b"))
        let fileA = cache.fileURL(for: url("a"))
        let full = try Data(contentsOf: fileA)
        try full.prefix(60).write(to: fileA)  // truncated
        try Data("garbage".utf8).write(to: cache.fileURL(for: url("b")))  // corrupt header
        #expect(cache.data(for: url("a")) == nil)
        #expect(cache.data(for: url("b")) == nil)
        #expect(!FileManager.default.fileExists(atPath: fileA.path))
        #expect(cache.count == 0 && cache.totalSize == 0)
    }

    @Test func rebuildsTheIndexAndRecencyOrderAtStart() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        do {
            let cache = try DiskImageCache(directory: folder.url)
            // Stored a, b, c one minute apart (explicit dates: no waiting for the clock).
            for (age, name) in zip([180.0, 120, 60], ["a", "b", "c"]) {
                cache.store(bytes(100), for: url(name))
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(-age)],
                    ofItemAtPath: cache.fileURL(for: url(name)).path)
            }
            _ = cache.data(for: url("a"))  // a touched last (its date becomes now)
        }
        let stale = folder.url.appendingPathComponent(".tmp-crashed")
        try Data("partial".utf8).write(to: stale)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3_600)], ofItemAtPath: stale.path)
        // Restart with room for two entries: the oldest (b) is evicted at start.
        let reopened = try DiskImageCache(directory: folder.url, sizeLimit: 2 * (100 + header))
        #expect(reopened.count == 2)
        #expect(reopened.contains(url("a")) && reopened.contains(url("c")) && !reopened.contains(url("b")))
        #expect(reopened.data(for: url("a")) == bytes(100))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test func concurrentStoresAndReadsNeverSeePartialEntries() async throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = try DiskImageCache(directory: folder.url, sizeLimit: 20 * (4_000 + header))
        let other = try DiskImageCache(directory: folder.url, sizeLimit: 20 * (4_000 + header))
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                let instance = worker.isMultiple(of: 2) ? cache : other
                group.addTask {
                    var ok = true
                    for round in 0..<60 {
                        let name = "n\((worker + round) % 30)"
                        let value = UInt8((worker + round) % 30)
                        if round.isMultiple(of: 2) {
                            instance.store(
                                Data(repeating: value, count: 4_000), for: URL(string: "https://e.com/\(name)")!)
                        } else if let data = instance.data(for: URL(string: "https://e.com/\(name)")!) {
                            // Every entry is whole and uniform (written by some worker for this name).
                            ok = ok && data.count == 4_000 && Set(data).count == 1
                        }
                    }
                    return ok
                }
            }
            for await ok in group { #expect(ok) }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
        #expect(cache.totalSize <= 20 * (4_000 + header))
    }

    @Test func removeAllEmptiesTheFolder() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cache = try DiskImageCache(directory: folder.url)
        cache.store(bytes(10), for: url("a"))
        cache.store(bytes(10), for: url("b"))
        cache.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        #expect(cache.count == 0)
    }
}
