import CascadeScreens
import Foundation
import Testing

/// The About window's fields from the AppStream metainfo.
@Suite struct AppMetainfoTests {
    @Test func theRepositorysMetainfoGivesVersionSummaryAndNotes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/org.cascade.Feed.metainfo.xml").standardizedFileURL
        let info = AppMetainfo.load(url)
        #expect(info.version == AppIdentity.version)
        #expect(info.summary == "Browse videos as a waterfall feed")
        #expect(info.releaseDate == "2026-11-30")
        let notes = try #require(info.releaseNotes)
        #expect(notes.hasPrefix("<p>") && notes.hasSuffix("</p>"), "\(notes)")
    }

    @Test func everyFieldIsReadAndTheNewestReleaseWins() {
        let info = AppMetainfo(
            xml: """
                <component><summary>S</summary><project_license>GPL-3.0-or-later</project_license>
                <url type="homepage">https://example.org/cascade</url><developer id="x"><name>Dev</name></developer>
                <releases><release version="2.0" date="2027-01-02"><description><p>New</p></description></release>
                <release version="1.0" date="2026-01-01"><description><p>Old</p></description></release></releases>
                </component>
                """)
        #expect(info.summary == "S")
        #expect(info.license == "GPL-3.0-or-later")
        #expect(info.homepage == "https://example.org/cascade")
        #expect(info.developer == "Dev")
        #expect(info.version == "2.0")
        #expect(info.releaseNotes == "<p>New</p>")
    }

    @Test func nothingFoundGivesTheVersionAlone() {
        let info = AppMetainfo.load(nil)
        #expect(info == AppMetainfo(xml: ""))
        #expect(info.version == AppIdentity.version && info.summary == nil && info.releaseNotes == nil)
        let candidates = AppMetainfo.candidates(executable: URL(fileURLWithPath: "/opt/cascade/bin/cascade"))
        #expect(candidates.first?.path == "/opt/cascade/share/metainfo/org.cascade.Feed.metainfo.xml")
    }
}
