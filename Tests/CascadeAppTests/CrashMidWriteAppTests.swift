import CascadeFolder
import CascadePlayer
import CascadeScript
import CascadeStorage
import CascadeTestSupport
import Foundation
import Testing

/// SIGKILL at 100 seeded random moments while the app writes its preferences, resume positions,
/// feed page cache, image disk cache, thumbnails and folder media cache: after every kill each
/// file is whole (the old one or the new one), and every next start is clean.
@Suite(.serialized) struct CrashMidWriteAppTests {
    static let rounds = 100

    /// A script that keeps every store busy: column changes (preferences), a video watched past
    /// the resume threshold (resume positions), scrolling (covers and thumbnails).
    static func script(_ random: inout SeededGenerator) -> String {
        var lines = ["wait-idle"]
        for _ in 0..<4 {
            lines.append("columns \(Int.random(in: 2...5, using: &random))")
            lines.append("scroll-by 0 \(Int.random(in: 300...1200, using: &random))")
            lines.append("tap-item \(Int.random(in: 0...3, using: &random))")
            lines += ["play", "wait-position 1.6", "back", "scroll-to-item 0", "wait-idle"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.timeLimit(.minutes(15))) func killedAtAHundredMomentsEveryFileIsWholeAndEveryStartClean() async throws {
        let seed = ProcessInfo.processInfo.environment["CASCADE_RANDOM_SEED"].flatMap(UInt64.init) ?? 20_261_203
        print("CrashMidWriteAppTests seed \(seed) (CASCADE_RANDOM_SEED repeats it)")
        var random = SeededGenerator(seed: seed)
        let folder = try VideoFolderFixture(label: "cascade-crash")
        defer { folder.remove() }
        for i in 0..<6 {
            try folder.clip("clip \(i).mp4", size: i.isMultiple(of: 2) ? "160x90" : "90x160", duration: 6)
        }
        let work = try DesktopFixtures.temporaryDirectory("crash")
        defer { try? FileManager.default.removeItem(at: work) }
        let server = try await FeedServer.start(arguments: ["--catalog", try TestCatalog.small().path])
        defer { server.stop() }
        let home = work.appendingPathComponent("home")
        let environment = DesktopFixtures.quietEnvironment.merging([
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
        ]) { $1 }
        let report = work.appendingPathComponent("r.json")
        var checked = StoreFiles()

        for round in 0..<Self.rounds {
            let scriptURL = work.appendingPathComponent("s.txt")
            try Self.script(&random).write(to: scriptURL, atomically: true, encoding: .utf8)
            // Even rounds: the feed over HTTP (feed pages, the image disk cache); odd: the folder
            // (thumbnails, the folder media cache). Both write the preferences and resume positions.
            let source = round.isMultiple(of: 2) ? ["--feed-server", server.baseURL.absoluteString] : [folder.url.path]
            let child = try CascadeProcess(
                arguments: source + [
                    "--preferences", "--carousel-interval", "0", "--script", scriptURL.path, "--report", report.path,
                    "--screenshots", work.path,
                ], environment: environment)
            // A moment from just after start to well into the session's writes.
            let moment = Double.random(in: 0.3...4.0, using: &random)
            let started = ContinuousClock.now
            waitUntilBlocking(timeout: .seconds(moment)) { ContinuousClock.now - started >= .seconds(moment) }
            child.kill()
            let stderr = child.stderr
            // A clean start: no damaged file reported, no storage failure.
            #expect(!stderr.contains("cascade: warning:"), "round \(round) (\(moment) s): \(stderr)")
            let problems = checked.check(home: home, folderRoot: folder.url.path)
            #expect(problems.isEmpty, "round \(round) (\(moment) s): \(problems)")
            if !problems.isEmpty { break }
        }
        // What the rounds wrote: every store at least once.
        #expect(checked.seen == StoreFiles.Kind.allCases.reduce(into: Set()) { $0.insert($1) }, "\(checked.seen)")

        // A last run that ends by itself: exit 0, no warning, and no temporary file of an ended writer left.
        let final = try CascadeProcess.runScript(
            "wait-idle\ncolumns 3\nwait-idle\n", in: work, arguments: [folder.url.path, "--preferences"],
            environment: environment)
        #expect(final.status == 0, "\(final.stderr)")
        #expect(!final.stderr.contains("cascade: warning:"), "\(final.stderr)")
        #expect(checked.check(home: home, folderRoot: folder.url.path).isEmpty)
        let leftovers = StoreFiles.temporaries(under: home)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}

/// Reads every file of Cascade's stores under a home and says which are not whole.
struct StoreFiles {
    enum Kind: CaseIterable, Hashable { case preferences, resume, feedPage, image, thumbnail, folderMedia }

    /// The kinds found at least once.
    private(set) var seen: Set<Kind> = []

    mutating func check(home: URL, folderRoot: String) -> [String] {
        var problems: [String] = []
        func files(_ relative: String) -> [URL] {
            let url = home.appendingPathComponent(relative)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.map { url.appendingPathComponent($0) }
        }
        func read(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

        let preferences = home.appendingPathComponent("config/cascade/preferences.ini")
        if let data = read(preferences) {
            seen.insert(.preferences)
            let text = String(decoding: data, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let wellFormed = lines.allSatisfy {
                $0.isEmpty || $0.hasPrefix("#") || $0 == "[Cascade]" || $0.contains("=")
            }
            if !text.hasSuffix("\n") || !text.contains("[Cascade]") || !wellFormed {
                problems.append("preferences torn: \(text.debugDescription)")
            }
        }
        let resume = home.appendingPathComponent("state/cascade/resume-positions")
        if let data = read(resume) {
            seen.insert(.resume)
            let decoded = ResumeFileFormat.decode(data, capacity: 500)
            if !decoded.warnings.isEmpty || decoded.list.count == 0 { problems.append("resume: \(decoded.warnings)") }
        }
        for page in files("cache/cascade/feeds") where page.pathExtension == "json" {
            seen.insert(.feedPage)
            if (try? JSONSerialization.jsonObject(with: read(page) ?? Data())) == nil {
                problems.append("feed page torn: \(page.lastPathComponent)")
            }
        }
        for entry in files("cache/cascade/images") {
            seen.insert(.image)
            let bytes = [UInt8](read(entry) ?? Data())
            let length = bytes.count >= 12 ? bytes[4..<12].reversed().reduce(0) { $0 << 8 | Int($1) } : -1
            if bytes.prefix(4) != [0x43, 0x53, 0x43, 0x31] || length != bytes.count - 12 {
                problems.append("image entry torn: \(entry.lastPathComponent) (\(bytes.count) bytes)")
            }
        }
        for size in ThumbnailSize.allCases {
            for png in files("cache/thumbnails/\(size.folderName)") {
                seen.insert(.thumbnail)
                let bytes = [UInt8](read(png) ?? Data())
                if PNGText.read(bytes)?.text["Thumb::URI"] == nil || !bytes.suffix(8).elementsEqual(Self.iend) {
                    problems.append("thumbnail torn: \(png.lastPathComponent)")
                }
            }
        }
        for media in files("cache/cascade/folder-media") {
            seen.insert(.folderMedia)
            if FolderMediaCache(directory: home.appendingPathComponent("cache/cascade"), root: folderRoot).load()
                .isEmpty
            {
                problems.append("folder media cache torn: \(media.lastPathComponent)")
            }
        }
        return problems
    }

    /// The last 8 bytes of every whole PNG: the IEND chunk's type and CRC.
    private static let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Temporary files of ended writers anywhere in Cascade's folders under `home`.
    static func temporaries(under home: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: home.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { path in
            let ours = ["config/cascade", "state/cascade", "cache/cascade", "cache/thumbnails"].contains {
                path.hasPrefix($0)
            }
            let name = (path as NSString).lastPathComponent
            return ours && TemporaryFileName(parsing: name).map(\.writerIsGone) == true
        }
    }
}
