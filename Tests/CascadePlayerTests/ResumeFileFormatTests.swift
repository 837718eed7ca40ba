import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

@Suite struct ResumeFileFormatTests {
    @Test func roundTripsInOrder() {
        var list = ResumeList(capacity: 500)
        list.set(ResumePoint(position: 83.25, duration: 212.48), for: "https://cdn.example.com/v/a.flv")
        list.set(ResumePoint(position: 3, duration: 0), for: "file:///home/me/Videos/b%20c.mp4")
        let data = ResumeFileFormat.encode(list)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("cascade-resume-positions 2\n83.250\t212.480\thttps://cdn.example.com/v/a.flv\n"))
        let decoded = ResumeFileFormat.decode(data, capacity: 500)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.list == list)
    }

    @Test func labelsRoundTripAndVersionOneFilesAreRead() {
        var list = ResumeList(capacity: 500)
        list.set(ResumePoint(position: 10, duration: 60), for: "https://e.x/a.flv", label: "{\"title\":\"旅行\"}")
        list.set(ResumePoint(position: 20, duration: 60), for: "https://e.x/b.flv")
        let data = ResumeFileFormat.encode(list)
        #expect(String(decoding: data, as: UTF8.self).contains("\thttps://e.x/a.flv\t{\"title\":\"旅行\"}\n"))
        let decoded = ResumeFileFormat.decode(data, capacity: 500)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.list == list)
        #expect(decoded.list.label(for: "https://e.x/a.flv") == "{\"title\":\"旅行\"}")

        let old = ResumeFileFormat.decode(
            Data("cascade-resume-positions 1\n5\t60\thttps://e.x/c.flv\n".utf8), capacity: 5)
        #expect(old.warnings.isEmpty)
        #expect(old.list["https://e.x/c.flv"] == ResumePoint(position: 5, duration: 60))
        #expect(old.list.label(for: "https://e.x/c.flv") == nil)
        let future = ResumeFileFormat.decode(Data("cascade-resume-positions 3\n5\t60\tk\n".utf8), capacity: 5)
        #expect(future.list.count == 0 && future.warnings.count == 1)
    }

    @Test func damagedLinesAreSkippedAndNumbersClamped() {
        let text = """
            # comment
            cascade-resume-positions 1
            12.5\t60\tgood
            nan\t60\tnot-a-number
            1e400\t60\toverflow
            5\tabc\tbad-duration
            just one field
            99\t60\tpast-the-end
            -4\t60\tnegative
            7\t\t
            3\t8\tkey\twith\ttabs
            """
        let decoded = ResumeFileFormat.decode(Data(text.utf8), capacity: 500)
        #expect(decoded.list["good"] == ResumePoint(position: 12.5, duration: 60))
        #expect(decoded.list["past-the-end"] == ResumePoint(position: 60, duration: 60))
        #expect(decoded.list["negative"] == ResumePoint(position: 0, duration: 60))
        #expect(decoded.list.count == 3)
        #expect(decoded.warnings == ["6 damaged lines skipped"])
    }

    @Test(arguments: [
        Data("no header\n1\t2\tx\n".utf8), Data([0xFF, 0xFE, 0x00, 0x41]), Data(),
        Data(repeating: 0x41, count: ResumeFileFormat.maximumBytes + 1),
    ])
    func aFileThatIsNotOursIsIgnoredWhole(data: Data) {
        let decoded = ResumeFileFormat.decode(data, capacity: 500)
        #expect(decoded.list.count == 0)
        #expect(decoded.warnings.count == 1)
    }

    @Test func aLongFileKeepsTheMostRecentEntries() {
        var text = "cascade-resume-positions 1\n"
        for i in 0..<600 { text += "10\t60\tv\(i)\n" }
        let decoded = ResumeFileFormat.decode(Data(text.utf8), capacity: 500)
        #expect(decoded.list.count == 500)
        #expect(decoded.list.entries.first?.key == "v100")
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func mutatedFilesNeverTrapAndKeepThePromises(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var list = ResumeList(capacity: 500)
        for i in 0..<40 {
            list.set(ResumePoint(position: Double(i) * 7.5, duration: 600), for: "https://e.x/v/\(i).flv")
        }
        let valid = [UInt8](ResumeFileFormat.encode(list))
        let alphabet = Array("0123456789.-+eEnaif\t\n #x:/%".utf8) + [0x00, 0xFF, 0xC3, 0x0D]
        for _ in 0..<300 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                default: bytes.remove(at: at)
                }
            }
            let decoded = ResumeFileFormat.decode(Data(bytes), capacity: 30)
            #expect(decoded.list.count <= 30)
            for (key, point) in decoded.list.entries {
                #expect(ResumeFileFormat.isValidKey(key))
                #expect(point.position.isFinite && point.position >= 0 && point.position <= ResumePoint.maximumSeconds)
                #expect(point.duration.isFinite && point.duration >= 0 && point.duration <= ResumePoint.maximumSeconds)
                #expect(point.duration == 0 || point.position <= point.duration)
            }
        }
    }

    @Test func keysWithControlCharactersOrTooLongAreRefused() {
        #expect(ResumeFileFormat.isValidKey("file:///a%0Ab.mp4"))
        #expect(!ResumeFileFormat.isValidKey("a\nb"))
        #expect(!ResumeFileFormat.isValidKey("a\tb"))
        #expect(!ResumeFileFormat.isValidKey(""))
        #expect(!ResumeFileFormat.isValidKey(String(repeating: "x", count: ResumeFileFormat.maximumKeyBytes + 1)))
    }
}
