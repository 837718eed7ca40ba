import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// What a drop on the window opens, and what it says about the rest.
@Suite struct FileDropTests {
    let temporary = TemporaryFolders()

    // MARK: text/uri-list

    @Test func aURIListGivesLocalPathsAndCountsTheRest() {
        let list = """
            # dragged from Files\r
            file:///home/a/My%20Videos/clip.mp4\r
            file://localhost/home/a/Films\r
            file://server/share/remote.mp4\r
            https://example.com/video.mp4\r
            \r
            /home/a/plain.mkv
            """
        let parsed = FileDrop.paths(fromURIList: list)
        #expect(parsed.paths == ["/home/a/My Videos/clip.mp4", "/home/a/Films", "/home/a/plain.mkv"])
        #expect(parsed.others == 2)
        #expect(FileDrop.paths(fromURIList: "").paths.isEmpty)
        #expect(FileDrop.paths(fromURIList: "file:///tmp/%E8%A7%86%E9%A2%91.mp4\n").paths == ["/tmp/视频.mp4"])
    }

    // MARK: Outcomes

    @Test func oneFolderOpensAsAFeed() {
        let folder = OpenTarget.folder(URL(fileURLWithPath: "/v/Holiday", isDirectory: true))
        #expect(FileDrop.outcome(of: [folder]) == .open(folder, notices: []))
    }

    @Test func severalVideosOfOneFolderPlayTheFirstWithTheRestInTheFeedBehind() {
        let a = OpenTarget.video(URL(fileURLWithPath: "/v/a.mp4"))
        let b = OpenTarget.video(URL(fileURLWithPath: "/v/b.mkv"))
        #expect(FileDrop.outcome(of: [a, b]) == .open(a, notices: []))
        #expect(FileDrop.outcome(of: [b, a]) == .open(b, notices: []))
    }

    @Test func whatIsNotOpenedIsCounted() {
        let a = OpenTarget.video(URL(fileURLWithPath: "/v/a.mp4"))
        let elsewhere = OpenTarget.video(URL(fileURLWithPath: "/w/c.mp4"))
        let folder = OpenTarget.folder(URL(fileURLWithPath: "/v/Holiday", isDirectory: true))
        let photo = OpenTarget.notVideo(URL(fileURLWithPath: "/v/photo.jpg"))
        let gone = OpenTarget.missing(URL(fileURLWithPath: "/v/gone.mp4"))

        #expect(
            FileDrop.outcome(of: [photo, a]) == .open(a, notices: ["1 dropped item is not a video and was not opened."])
        )
        #expect(
            FileDrop.outcome(of: [a, photo, gone], otherURIs: 1)
                == .open(a, notices: ["3 dropped items are not videos and were not opened."]))
        #expect(
            FileDrop.outcome(of: [folder, a])
                == .open(folder, notices: ["One thing opens at a time: 1 more dropped item was not opened."]))
        #expect(
            FileDrop.outcome(of: [a, elsewhere, folder, photo])
                == .open(
                    a,
                    notices: [
                        "One thing opens at a time: 2 more dropped items were not opened.",
                        "1 dropped item is not a video and was not opened.",
                    ]))
    }

    @Test func aDropWithNothingToOpenIsRefusedWithTheReason() {
        let photo = OpenTarget.notVideo(URL(fileURLWithPath: "/v/photo.jpg"))
        let song = OpenTarget.notVideo(URL(fileURLWithPath: "/v/song.mp3"))
        let title = FileDrop.refusalTitle
        #expect(
            FileDrop.outcome(of: [photo]) == .refuse(FeedAlert(title: title, message: "“photo.jpg” is not a video.")))
        #expect(
            FileDrop.outcome(of: [photo, song])
                == .refuse(FeedAlert(title: title, message: "None of the 2 dropped items is a folder or a video.")))
        #expect(
            FileDrop.outcome(of: [photo], otherURIs: 2)
                == .refuse(FeedAlert(title: title, message: "None of the 3 dropped items is a folder or a video.")))
        #expect(
            FileDrop.outcome(of: [], otherURIs: 1)
                == .refuse(FeedAlert(title: title, message: "Only files and folders on this computer can be opened.")))
        #expect(
            FileDrop.outcome(of: []) == .refuse(FeedAlert(title: title, message: "Nothing that was dropped is a file."))
        )
    }

    @Test func everyMessageIsTranslated() throws {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../po/zh_CN.po")
        let ids = Set(
            try String(contentsOf: po, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("msgid \""), line.hasSuffix("\"") else { return nil }
                return String(line.dropFirst(7).dropLast())
            })
        let a = OpenTarget.video(URL(fileURLWithPath: "/v/a.mp4"))
        let photo = OpenTarget.notVideo(URL(fileURLWithPath: "/v/photo.jpg"))
        let folders = (1...3).map { OpenTarget.folder(URL(fileURLWithPath: "/v/\($0)", isDirectory: true)) }
        var texts: [String] = []
        for outcome in [
            FileDrop.outcome(of: [a, folders[0], photo]), FileDrop.outcome(of: folders + [photo, photo]),
            FileDrop.outcome(of: [photo, photo]), FileDrop.outcome(of: [], otherURIs: 1), FileDrop.outcome(of: []),
        ] {
            switch outcome {
            case .open(_, let notices): texts += notices
            case .refuse(let alert): texts += [alert.title, alert.message]
            }
        }
        #expect(texts.count == 10)
        for text in texts {
            let pattern = TranslationRules.numberPattern(text).pattern
            #expect(ids.contains(text) || ids.contains(pattern), "\(pattern) has no msgid in po/zh_CN.po")
        }
    }

    @Test func droppedPathsAreClassifiedByTheirContent() throws {
        let dir = try temporary.make("cascade-drop")
        var mp4 = Data([0, 0, 0, 0x20])
        mp4.append(contentsOf: Array("ftypisom".utf8))
        mp4.append(Data(count: 40))
        try mp4.write(to: dir.appendingPathComponent("clip.bin"))
        try Data("hello\n".utf8).write(to: dir.appendingPathComponent("notes.mp4"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Sub"), withIntermediateDirectories: true)

        let clip = dir.appendingPathComponent("clip.bin").standardizedFileURL
        #expect(
            FileDrop.outcome(ofPaths: [dir.path + "/notes.mp4", clip.path], relativeTo: dir)
                == .open(.video(clip), notices: ["1 dropped item is not a video and was not opened."]))
        guard case .open(.folder(let folder), let notices) = FileDrop.outcome(ofPaths: ["Sub"], relativeTo: dir) else {
            Issue.record("a dropped folder is not opened")
            return
        }
        #expect(folder.lastPathComponent == "Sub" && notices.isEmpty)
    }
}
