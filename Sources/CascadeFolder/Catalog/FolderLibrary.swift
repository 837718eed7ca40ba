import Foundation
import Synchronization

/// The state owner of a folder feed: scans the folder (off the main thread, never blocking a
/// page for long), keeps the videos newest first, probes the ones a page shows, notices changes
/// on disk, and reports its status.
///
/// - A scan runs when the library starts and again when a first page is asked for after the
///   folder changed (or after `rescanAge`); pages asked for during a scan wait for it, the
///   first page at most `firstPageWait`, then shows the newest of what was found so far.
/// - Probe results are kept per file version (path, mtime, size); a file the probe rejects gets
///   a `fail/` entry in the thumbnail store and is left out of pages.
/// - With a `FolderMediaCache`, content checks and probe results survive the process: the
///   first scan starts from them, and they are written back (coalesced) after a scan and after
///   new probes.
public actor FolderLibrary {
    /// The scanned folder (absolute path).
    public let root: String
    /// The thumbnail cache.
    public nonisolated let store: ThumbnailStore
    /// Makes thumbnails lazily, at most two at a time.
    public nonisolated let thumbnails: ThumbnailGenerator
    private let prober: any VideoProbing
    private let scanner: FolderScanner
    private let firstPageWait: Duration
    private let rescanAge: Duration
    private let onStatus: @Sendable (FolderStatus) -> Void
    private let mediaCache: FolderMediaCache?
    private let watcher: (any FolderWatching)?
    /// Changes reported while a scan ran, checked against it when it ends (at most 256 kept;
    /// more counts as a change).
    private var eventsDuringScan: [FolderEvent] = []
    /// Folders of the last scan the watcher could not watch (over the system's limit).
    public private(set) var unwatchedFolders: [String] = []
    private var mediaCacheLoaded = false
    private var saveTask: Task<Void, Never>?

    private var scanTask: Task<Void, Never>?
    private let partial = Mutex<[VideoFile]>([])
    private var files: [VideoFile] = []
    private var byFolder: [String: [VideoFile]] = [:]
    private var folderStamps: [String: Int64] = [:]
    private var sniffed: [String: FolderScanner.SniffRecord] = [:]
    /// Probe results by path (the entry's stamp says which version of the file).
    private var probes: [String: FolderMediaCache.Entry] = [:]
    private var lastScan: ContinuousClock.Instant?
    private var rejected = 0
    private var scanError: FolderScanError?
    private var isStale = false
    /// Problems of the last scan.
    public private(set) var problems: [ScanProblem] = []
    /// How many scans ran (a test reads it to see that a refresh rescanned).
    public private(set) var scanCount = 0

    // MARK: Lifecycle

    /// Creates a library; call `start()` to begin scanning.
    /// - Parameters:
    ///   - root: the folder.
    ///   - prober: reads durations and sizes.
    ///   - thumbnails: makes thumbnails (shared by every folder a window shows, so the limit of
    ///     two at a time holds for the app).
    ///   - scanner: walks the tree and recognises videos by their content.
    ///   - firstPageWait: how long a first page waits for a running scan before it shows what
    ///     was found so far.
    ///   - rescanAge: a first page asked for this long after the last scan rescans.
    ///   - mediaCache: where content checks and probe results persist (nil: nowhere).
    ///   - watcher: reports changes in the scanned folders as they happen (nil: changes are
    ///     seen only by a rescan); the library marks itself stale on a change that matters.
    ///   - onStatus: receives every status change (on any thread).
    public init(
        root: String, prober: any VideoProbing, thumbnails: ThumbnailGenerator,
        scanner: FolderScanner = FolderScanner(),
        firstPageWait: Duration = .milliseconds(600), rescanAge: Duration = .seconds(2),
        mediaCache: FolderMediaCache? = nil, watcher: (any FolderWatching)? = nil,
        onStatus: @escaping @Sendable (FolderStatus) -> Void = { _ in }
    ) {
        self.mediaCache = mediaCache
        self.watcher = watcher
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.store = thumbnails.store
        self.prober = prober
        self.thumbnails = thumbnails
        self.scanner = scanner
        self.firstPageWait = firstPageWait
        self.rescanAge = rescanAge
        self.onStatus = onStatus
    }

    // MARK: Public API

    /// Starts the first scan (once).
    public func start() {
        if lastScan == nil, scanTask == nil { startScan() }
    }

    /// The status now.
    public var status: FolderStatus {
        if let scanError { return .failed(scanError) }
        if scanTask != nil { return .scanning(found: partial.withLock { $0.count }) }
        // Files the probe rejected (a broken "mp4") are not videos after all.
        let count = files.count - rejected
        if isStale { return .stale(count: count) }
        return count == 0 ? .empty : .ready(count: count)
    }

    /// Whether a scan is running.
    public var isScanning: Bool { scanTask != nil }

    /// How many probes ran in this process (a test reads it to see that persisted results
    /// were used).
    public private(set) var probeCount = 0

    /// Writes the media cache now, if one is set and anything is pending (a test, or a host
    /// before it quits, waits for it).
    public func saveMediaCache() async {
        guard let mediaCache else { return }
        saveTask?.cancel()
        saveTask = nil
        let entries = cacheEntries()
        await BlockingWork.run { try? mediaCache.save(entries) }
    }

    /// The top-level subfolders holding videos, in name order: waits for the running scan at
    /// most `firstPageWait`, then lists the non-hidden subfolders as they are.
    public func folders() async -> [String] {
        start()
        await waitForScan(atMost: firstPageWait) { false }
        if scanTask == nil { return byFolder.keys.sorted(by: Self.naturalOrder) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted(by: Self.naturalOrder)
    }

    /// "Season 2" before "Season 10", as a file manager lists them.
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        a.localizedStandardCompare(b) == .orderedAscending
    }

    deinit { watcher?.stop() }

    /// Takes one change the watcher saw: when it matters (`FolderEvent.marksStale`) and the
    /// last scan did not already see it (`FolderEventCheck`), the library becomes stale and
    /// reports it. A change during a scan is checked once the scan has finished.
    public func folderChanged(_ event: FolderEvent) {
        guard event.marksStale else { return }
        if scanTask != nil {
            eventsDuringScan.append(event)
            if eventsDuringScan.count > 256 {
                eventsDuringScan = [FolderEvent(folder: "", name: "", kind: .overflow)]
            }
            return
        }
        guard lastScan != nil, !isStale, scanError == nil,
            !FolderEventCheck.alreadySeen(event, folderStamps: folderStamps, files: sniffed)
        else { return }
        isStale = true
        onStatus(status)
    }

    /// Compares the folders of the last scan with the disk, for a check on demand; marks the
    /// library stale (and reports it) when one changed, appeared or vanished.
    /// - Returns: whether the library is stale.
    @discardableResult
    public func checkForChanges() async -> Bool {
        guard scanTask == nil, !isStale, lastScan != nil else { return isStale }
        let stamps = folderStamps
        let changed = await BlockingWork.run { FolderMonitor.changed(stamps) }
        if changed, scanTask == nil {
            isStale = true
            onStatus(status)
        }
        return isStale
    }

    /// One page of a channel's files, newest first (nil `folder`: every video).
    /// - Parameters:
    ///   - folder: the top-level subfolder (relative to the root), or nil for every video.
    ///   - offset: the index of the page's first file in the channel's newest-first list.
    ///   - size: the most files the page holds.
    ///   - isFirst: a first page (a refresh): rescans when the folder is stale or the last scan is old.
    /// - Returns: the files of the page (probed; broken ones left out) and whether it is the last.
    public func page(folder: String?, offset: Int, size: Int, isFirst: Bool) async throws -> FolderPage {
        if isFirst, scanTask == nil, isStale || lastScan.map({ ContinuousClock.now - $0 > rescanAge }) ?? true {
            startScan()
        }
        let needed = offset + size
        await waitForScan(atMost: isFirst ? firstPageWait : nil) { [self] in
            self.partial.withLock { list in list.lazy.filter { folder == nil || $0.topFolder == folder }.count >= needed
            }
        }
        if let scanError { throw scanError }
        let list: [VideoFile]
        let complete = scanTask == nil
        if complete {
            list = folder.map { byFolder[$0] ?? [] } ?? files
        } else {
            list = partial.withLock { $0 }.filter { folder == nil || $0.topFolder == folder }.sorted(
                by: VideoFile.newestFirst)
        }
        guard offset < list.count, size > 0 else { return FolderPage(entries: [], slots: 0, isEnd: complete) }
        let slice = Array(list[offset..<min(list.count, needed)])
        let probed = await probe(slice)
        return FolderPage(entries: probed, slots: slice.count, isEnd: complete && needed >= list.count)
    }

    /// Every video of the library whose title `matches` accepts, newest first: the last scan's
    /// list (what a running scan found so far), loaded into pages or not. Answers at once, on
    /// any thread, so a search can follow each keystroke.
    /// - Complexity: O(*n*) title checks for *n* videos, then a sort of the matches.
    public nonisolated func files(matching matches: (String) -> Bool) -> [VideoFile] {
        partial.withLock { $0.filter { matches($0.title) } }.sorted(by: VideoFile.newestFirst)
    }

    /// `files` with their probes, as a page shows them: probed now when not yet (two at a
    /// time), the ones the probe rejects left out.
    func probed(_ files: [VideoFile]) async -> [(file: VideoFile, probe: VideoProbe)] {
        await probe(files).map { (file: $0.0, probe: $0.1) }
    }

    // MARK: Private

    private func startScan() {
        scanCount += 1
        partial.withLock { $0 = [] }
        let root = root
        let cacheToLoad = mediaCacheLoaded ? nil : mediaCache
        mediaCacheLoaded = true
        let scanner = scanner
        let onStatus = onStatus
        onStatus(.scanning(found: 0))
        scanTask = Task {
            if let cacheToLoad { self.adopt(await BlockingWork.run { cacheToLoad.load() }) }
            let known = self.sniffed
            let outcome = await BlockingWork.run { () -> Result<FolderScanner.Result, FolderScanError> in
                var reported = ContinuousClock.now
                var published = ContinuousClock.now
                do throws(FolderScanError) {
                    return .success(
                        try scanner.scan(root: root, known: known) { found in
                            // Holding `found` makes the scan copy its list when it appends next:
                            // publish small lists at once, large ones every 50 ms (publishing
                            // after each of the bench's 420 folders copied the growing list 420 times).
                            let now = ContinuousClock.now
                            if found.count < 100 || now - published > .milliseconds(50) {
                                published = now
                                self.partial.withLock { $0 = found }
                            }
                            if now - reported > .milliseconds(100) {
                                reported = now
                                onStatus(.scanning(found: found.count))
                            }
                            return true
                        })
                } catch {
                    return .failure(error)
                }
            }
            self.finishScan(outcome)
        }
    }

    private func finishScan(_ outcome: Result<FolderScanner.Result, FolderScanError>) {
        scanTask = nil
        lastScan = .now
        isStale = false
        switch outcome {
        case .success(let result):
            scanError = nil
            files = result.files.sorted(by: VideoFile.newestFirst)
            byFolder = Dictionary(grouping: files.filter { $0.topFolder != nil }, by: { $0.topFolder! })
            folderStamps = result.folders
            sniffed = result.sniffed
            problems = result.problems
            let present = Set(files.map(\.path))
            probes = probes.filter { present.contains($0.key) }
            countRejected()
            scheduleSave()
            startWatching()
            isStale = eventsDuringScan.contains {
                !FolderEventCheck.alreadySeen($0, folderStamps: folderStamps, files: sniffed)
            }
        case .failure(let error):
            scanError = error
            files = []
            byFolder = [:]
            folderStamps = [root: -1]
        }
        eventsDuringScan = []
        partial.withLock { $0 = files }
        onStatus(status)
    }

    /// Waits until no scan runs, `enough()` holds, or `limit` passed (nil: no limit).
    private func waitForScan(atMost limit: Duration?, until enough: @Sendable () -> Bool) async {
        let deadline = limit.map { ContinuousClock.now + $0 }
        while scanTask != nil, !enough() {
            if let deadline, ContinuousClock.now >= deadline { return }
            if Task.isCancelled { return }
            try? await Task.sleep(for: .milliseconds(15))
        }
    }

    private func probe(_ slice: [VideoFile]) async -> [(VideoFile, VideoProbe)] {
        var missing: [VideoFile] = []
        for file in slice where probes[file.path]?.matches(file) != true { missing.append(file) }
        if !missing.isEmpty {
            let prober = prober
            let store = store
            // Two probes at a time: enough to overlap I/O, little enough to leave the decoders free.
            let results = await withTaskGroup(of: (Int, Result<VideoProbe, VideoProbeError>).self) { group in
                var collected: [(Int, Result<VideoProbe, VideoProbeError>)] = []
                var next = 0
                func add() {
                    let index = next
                    let file = missing[index]
                    next += 1
                    group.addTask {
                        await BlockingWork.run {
                            let result = Result { () throws(VideoProbeError) in try Self.probe(prober, file) }
                            if case .failure = result { try? store.recordFailure(file.subject) }
                            return (index, result)
                        }
                    }
                }
                for _ in 0..<min(2, missing.count) { add() }
                while let result = await group.next() {
                    collected.append(result)
                    if next < missing.count { add() }
                }
                return collected
            }
            probeCount += missing.count
            for (index, result) in results {
                let file = missing[index]
                probes[file.path] = FolderMediaCache.Entry(
                    mtime: file.mtime, mtimeNanoseconds: file.mtimeNanoseconds, size: file.size, isVideo: true,
                    probe: result)
            }
            scheduleSave()
            let before = rejected
            countRejected()
            if rejected != before, scanTask == nil { onStatus(status) }
        }
        return slice.compactMap { file in
            guard case .success(let probe)? = probes[file.path]?.probe else { return nil }
            return (file, probe)
        }
    }

    private func countRejected() {
        rejected = files.reduce(0) { count, file in
            guard let entry = probes[file.path], entry.matches(file), case .failure? = entry.probe else { return count }
            return count + 1
        }
    }

    /// Watches the folders the scan listed; events come back through `folderChanged(_:)`.
    private func startWatching() {
        guard let watcher else { return }
        let folders = Array(folderStamps.keys)
        unwatchedFolders = watcher.watch(folders) { [weak self] event in
            guard let self else { return }
            Task { await self.folderChanged(event) }
        }
    }

    /// Takes what an earlier process stored: content checks for the scan, probe results for pages.
    private func adopt(_ entries: [String: FolderMediaCache.Entry]) {
        let (checks, probed) = FolderMediaCache.split(entries)
        sniffed.merge(checks) { current, _ in current }
        probes.merge(probed) { current, _ in current }
    }

    private func cacheEntries() -> [String: FolderMediaCache.Entry] {
        FolderMediaCache.entries(sniffed: sniffed, probes: probes)
    }

    /// Stops the scan and writes at once what a pending save would have written a moment later:
    /// call before the folder or the cache directory goes away (a test's cleanup, the app
    /// quitting), so no late write recreates them.
    public func close() async {
        if let scan = scanTask {
            scan.cancel()
            await scan.value
        }
        guard let pending = saveTask else { return }
        pending.cancel()
        saveTask = nil
        await saveMediaCache()
    }

    /// Saves a moment later, once for a burst of changes (pages probed one after another).
    private func scheduleSave() {
        guard mediaCache != nil, saveTask == nil else { return }
        saveTask = Task {
            try? await Task.sleep(for: .milliseconds(500))
            guard !Task.isCancelled else { return }
            self.saveTask = nil
            await self.saveMediaCache()
        }
    }

    private static func probe(_ prober: any VideoProbing, _ file: VideoFile) throws(VideoProbeError) -> VideoProbe {
        do {
            return try prober.probe(path: file.path)
        } catch let error as VideoProbeError {
            throw error
        } catch {
            throw .unreadable("\(error)")
        }
    }
}

/// One page of a folder's files.
public struct FolderPage: Sendable {
    /// The files shown, each with its probe.
    public var entries: [(file: VideoFile, probe: VideoProbe)]
    /// How many files the page covered (shown and left out as broken).
    public var slots: Int
    /// Whether no file follows.
    public var isEnd: Bool
}
