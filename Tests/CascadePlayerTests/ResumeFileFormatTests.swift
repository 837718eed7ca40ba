import CascadePlayer
import Foundation
import Testing

@Suite struct ResumeFileFormatTests {
    @Test func roundTripsInOrder() {
        var list = ResumeList(capacity: 500)
        list.set(ResumePoint(position: 83.25, duration: 212.48), for: "https://cdn.example.com/v/a.flv")
        list.set(ResumePoint(position: 3, duration: 0), for: "file:///home/me/Videos/b%20c.mp4")
        let data = ResumeFileFormat.encode(list)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("cascade-resume-positions 1\n83.250\t212.480\thttps://cdn.example.com/v/a.flv\n"))
        let decoded = ResumeFileFormat.decode(data, capacity: 500)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.list == list)
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

    @Test func keysWithControlCharactersOrTooLongAreRefused() {
        #expect(ResumeFileFormat.isValidKey("file:///a%0Ab.mp4"))
        #expect(!ResumeFileFormat.isValidKey("a\nb"))
        #expect(!ResumeFileFormat.isValidKey("a\tb"))
        #expect(!ResumeFileFormat.isValidKey(""))
        #expect(!ResumeFileFormat.isValidKey(String(repeating: "x", count: ResumeFileFormat.maximumKeyBytes + 1)))
    }
}
