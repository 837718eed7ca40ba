import CascadeImages
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The duration badge on the real app's covers, in pixels: a dark pill (black at 60 % over the
/// cover) with rounded corners, white text inside, 6 px from the cover's bottom-right corner, as
/// wide as its text. Under both renderers and both styles; the covers are one light colour
/// (landscape: three cells side by side, wholly under the header bar), so the pill is the only
/// thing darker than them.
@Suite(.serialized) struct DurationBadgeAppTests {
    private static let coverColour = HostileTitleTests.coverColour.map(Int.init)
    /// Item ids and durations (seconds), in feed order: "1:23" and "1:02:05".
    private static let items: [(id: String, duration: Double)] = [("short", 83), ("long", 3725), ("again", 83)]

    @Test(arguments: [("gl", "light"), ("cairo", "light"), ("cairo", "dark")])
    func eachCoverShowsARoundedDarkPillWithItsDurationAtItsCorner(renderer: String, scheme: String) throws {
        let dir = try ChannelDrawingTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = try HostileTitleTests.catalog(
            in: dir, titles: Self.items.map { ($0.id, "Clip \($0.id)") }, aspect: (4, 3),
            durations: Dictionary(uniqueKeysWithValues: Self.items.map { ($0.id, $0.duration) }))
        let result = try CascadeProcess.runScript(
            "wait-idle\nscreenshot top\n", in: dir,
            arguments: [
                "--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0", "--color-scheme", scheme,
            ],
            environment: ["GSK_RENDERER": renderer])
        let report = try #require(result.report, "stderr: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(report.ok(1), "\(report.steps[1].error ?? "")")
        let screenshot = try PixbufImageDecoder().decode(
            Data(contentsOf: dir.appendingPathComponent("top.png")), targetSize: nil)
        let state = report.state(1)
        let origin = state.feedOrigin ?? [0, 0]
        let offset = report.feed(1).offset ?? 0

        var widths: [String: Int] = [:]
        for entry in state.visibleItems where entry.frame.count == 4 && entry.coverFrame.count == 4 {
            let left = Int(origin[0] + entry.frame[0])
            let top = Int(origin[1] + entry.frame[1] - offset)
            let cover = (minX: left, minY: top, maxX: left + Int(entry.frame[2]), maxY: top + Int(entry.coverFrame[3]))
            guard cover.minY >= Int(origin[1]), cover.maxY <= screenshot.height else { continue }
            let label = "\(renderer) \(scheme) \(entry.id)"
            // The pill: the cover's pixels at 40 %, in the cover's bottom-right quarter.
            let pill = Self.coverColour.map { $0 * 2 / 5 }
            var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
            var count = 0
            for y in (cover.minY + cover.maxY) / 2..<cover.maxY {
                for x in (cover.minX + cover.maxX) / 2..<cover.maxX
                where Self.near(CairoCoverTests.pixel(screenshot, x: Double(x), y: Double(y)), pill) {
                    count += 1
                    box = (
                        min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x), max(box?.maxY ?? y, y)
                    )
                }
            }
            let found = try #require(box, "\(label): no dark pill on the cover")
            let width = found.maxX - found.minX + 1
            let height = found.maxY - found.minY + 1
            widths[entry.id] = width
            #expect((12...24).contains(height) && width > height, "\(label): the pill is \(width) × \(height)")
            #expect(count * 2 > width * height, "\(label): \(count) pill pixels in \(width) × \(height)")
            #expect(
                abs(cover.maxX - 1 - found.maxX - 6) <= 1, "\(label): right edge \(found.maxX), cover \(cover.maxX)")
            #expect(
                abs(cover.maxY - 1 - found.maxY - 6) <= 1, "\(label): bottom edge \(found.maxY), cover \(cover.maxY)")
            // White text inside; the corners cut (lighter than the pill); the cover around it untouched.
            var text = 0
            for y in found.minY...found.maxY {
                for x in found.minX...found.maxX
                where CairoCoverTests.pixel(screenshot, x: Double(x), y: Double(y)).allSatisfy({ $0 >= 200 }) {
                    text += 1
                }
            }
            #expect(text >= 15, "\(label): \(text) white text pixels in the pill")
            for (x, y) in [
                (found.minX, found.minY), (found.maxX, found.minY), (found.minX, found.maxY), (found.maxX, found.maxY),
            ] {
                let corner = CairoCoverTests.pixel(screenshot, x: Double(x), y: Double(y))
                #expect(corner[0] > pill[0] + 10, "\(label): corner \(x), \(y) is \(corner), not cut")
            }
            for (x, y) in [(found.minX - 2, found.minY + height / 2), (found.maxX + 2, found.minY + height / 2)] {
                let around = CairoCoverTests.pixel(screenshot, x: Double(x), y: Double(y))
                #expect(Self.near(around, Self.coverColour), "\(label): beside the pill \(x), \(y) is \(around)")
            }
        }
        #expect(Set(widths.keys) == Set(Self.items.map(\.id)), "badges measured: \(widths)")
        if let short = widths["short"], let again = widths["again"], let long = widths["long"] {
            #expect(abs(short - again) <= 1 && long > short + 10, "pill widths \(widths)")
        }
    }

    private static func near(_ pixel: [Int], _ colour: [Int]) -> Bool {
        zip(pixel, colour).allSatisfy { abs($0 - $1) <= 10 }
    }
}
