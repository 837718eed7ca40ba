import CascadePlayer
import Testing

@Suite struct ResumeListTests {
    @Test func keepsTheMostRecentlyWatchedUpToItsCapacity() {
        var list = ResumeList(capacity: 3)
        for (i, key) in ["a", "b", "c"].enumerated() {
            list.set(ResumePoint(position: Double(i + 5), duration: 0), for: key)
        }
        // Watching "a" again makes it the most recent; "d" then pushes out "b", the least recent.
        list.set(ResumePoint(position: 9, duration: 0), for: "a")
        list.set(ResumePoint(position: 7, duration: 0), for: "d")
        #expect(list.entries.map(\.key) == ["c", "a", "d"])
        #expect(list["a"]?.position == 9)
        #expect(list["b"] == nil)
        #expect(list.isMostRecent("d"))
        let removed = list.remove("c")
        let removedAgain = list.remove("c")
        #expect(removed && !removedAgain)
        #expect(list.entries.map(\.key) == ["a", "d"])
    }

    @Test func fiveHundredAndOneVideosKeepTheLastFiveHundred() {
        var list = ResumeList(capacity: ResumePolicy().capacity)
        for i in 0...500 { list.set(ResumePoint(position: 10, duration: 60), for: "v\(i)") }
        #expect(list.count == 500)
        #expect(list["v0"] == nil)
        #expect(list.entries.first?.key == "v1")
        #expect(list.entries.last?.key == "v500")
    }
}
