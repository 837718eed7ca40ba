import CGtk
import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// The title measurer counts the lines a cell's title draws: same font as a title in a window,
/// same wrapping at the same width, for Latin, CJK, Arabic, emoji and unbreakable titles.
@MainActor @Suite(.serialized, .needsDisplay) struct PangoTitleMeasurerTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
        Stylesheet.install()
    }

    nonisolated static let titles = [
        "Short", "Editors' choice #1", "A walk along the harbour at dawn, with the fishing boats coming in",
        "旅行日记：成都美食，一碗热辣的担担面和一盘夫妻肺片", "京都の桜と寺を歩く春の一日", "رحلة إلى البحر في الصيف مع العائلة والأصدقاء",
        "🎬🌸 Café au lait on the terrace", String(repeating: "W", count: 80),
        "Supercalifragilisticexpialidocious-and-then-some-more-words-without-spaces",
    ]

    /// A cell in a shown window, its title styled as the feed draws it, and a measurer in the
    /// same window, as the app makes one.
    static func shownCell() -> (
        cell: VideoCellWidget, measurer: PangoTitleMeasurer, window: UnsafeMutablePointer<GtkWindow>
    ) {
        let cell = VideoCellWidget()
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(box.as(GtkBox.self), cell.root)
        let measurer = PangoTitleMeasurer(in: box)
        let window = gtk_window_new()!.as(GtkWindow.self)
        gtk_window_set_child(window, box)
        gtk_window_present(window)
        return (cell, measurer, window)
    }

    @Test func theMeasurerUsesTheFontTheFeedDrawsTitlesIn() throws {
        let (cell, measurer, window) = Self.shownCell()
        defer { gtk_window_destroy(window) }
        func font(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
            String(
                cString: pango_font_description_to_string(
                    pango_context_get_font_description(gtk_widget_get_pango_context(widget))))
        }
        #expect(AccessibleChecks.pump { gtk_widget_get_mapped(cell.title.widget) != 0 })
        #expect(font(measurer.title.widget) == font(cell.title.widget))
        // 13 pt at 96 dpi is about 17 px of font, a line of 20 to 24 pixels.
        #expect((18...26).contains(measurer.lineHeight), "\(measurer.lineHeight)")
    }

    /// At every width from 100 to 400 points, the measured count is the drawn layout's.
    @Test(arguments: titles)
    func theMeasuredLinesAreTheDrawnLines(title: String) throws {
        let (cell, measurer, window) = Self.shownCell()
        defer { gtk_window_destroy(window) }
        cell.bind(title: title, duration: nil)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 500, 100)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        var counts = Set<Int>()
        for width in stride(from: 100, through: 400, by: 7) {
            let measured = measurer.lineCount(
                of: title, cellWidth: CGFloat(width), maximumLines: VideoCellGeometry.maximumFittedTitleLines)
            cell.title.setLines(VideoCellGeometry.maximumFittedTitleLines)
            // The title draws in its content box: the cell's width less its padding.
            cell.title.draw(into: cr, width: Int32(width) - 2 * Stylesheet.titleHorizontalPadding, height: 90)
            let drawn = Int(pango_layout_get_line_count(cell.title.layout))
            #expect(measured == drawn, "\(title) at \(width): measured \(measured), drawn \(drawn)")
            counts.insert(measured)
            // Three lines of the measured height hold what is drawn.
            var extents = PangoRectangle()
            pango_layout_get_pixel_extents(cell.title.layout, nil, &extents)
            #expect(CGFloat(extents.height) <= CGFloat(drawn) * measurer.lineHeight + 1)
        }
        if title.count > 40 { #expect(counts.contains(3), "\(title): \(counts)") }
    }

    /// Seeded random titles of Latin, accented, Cyrillic, CJK and kana words at random widths:
    /// the count (often from the one-line width alone) is the drawn layout's, near every edge.
    @Test func randomTitlesCountAsTheyDraw() throws {
        let (cell, measurer, window) = Self.shownCell()
        defer { gtk_window_destroy(window) }
        let words = [
            "Harbour", "at", "dawn", "#12", "Café", "naïve", "WWW", "il", "Москва", "旅行", "日记：", "成都美食", "京都の桜",
            "カフェ", "서울", "—", "(live)", "2026", "A", "Supercalifragilistic",
        ]
        var random = SeededGenerator(seed: 0x7171)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 500, 100)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        for _ in 0..<1_200 {
            let title = (0..<Int.random(in: 1...9, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            let width = Int.random(in: 60...420, using: &random)
            cell.bind(title: title, duration: nil)
            cell.title.setLines(VideoCellGeometry.maximumFittedTitleLines)
            cell.title.draw(into: cr, width: Int32(width) - 2 * Stylesheet.titleHorizontalPadding, height: 90)
            let drawn = Int(pango_layout_get_line_count(cell.title.layout))
            let measured = measurer.lineCount(
                of: title, cellWidth: CGFloat(width), maximumLines: VideoCellGeometry.maximumFittedTitleLines)
            #expect(measured == drawn, "\(title) at \(width): measured \(measured), drawn \(drawn)")
        }
    }

    /// Nonsense widths and empty titles are one line; a width too narrow for any text too.
    @Test func degenerateInputsAreOneLine() {
        let (_, measurer, window) = Self.shownCell()
        defer { gtk_window_destroy(window) }
        for width: CGFloat in [.nan, -.infinity, -5, 0, 10, .infinity] {
            #expect(
                measurer.lineCount(of: "Some title that is long", cellWidth: width, maximumLines: 3) == 1, "\(width)")
        }
        #expect(measurer.lineCount(of: "", cellWidth: 200, maximumLines: 3) == 1)
        #expect(measurer.lineCount(of: String(repeating: "x ", count: 500), cellWidth: 200, maximumLines: 0) == 1)
    }

    /// A page of 2,000 real titles lands after slices on the main loop (the pager has it while
    /// the feed does not), then every cell has the lines the measurer gives its title at once.
    @Test func aPageLandsInSlicesWithTheLinesMeasuredAtOnce() async throws {
        let (_, measurer, window) = Self.shownCell()
        defer { gtk_window_destroy(window) }
        var random = SeededGenerator(seed: 0x5117)
        let words = ["Harbour", "at", "dawn", "Café", "Москва", "旅行", "成都美食", "京都の桜", "(live)", "Supercalifragilistic"]
        let items = (0..<2_400).map { index in
            VideoItem(
                id: "p-\(index)",
                title: (0..<Int.random(in: 1...12, using: &random)).map { _ in words.randomElement(using: &random)! }
                    .joined(separator: " "),
                coverURL: URL(string: "https://example.com/\(index).jpg")!,
                videoURL: URL(string: "https://example.com/\(index).mp4")!, duration: 3, width: 640, height: 360)
        }
        var configuration = FeedScreenModel.Configuration(columns: .fixed(3))
        configuration.cellStyle = .fitted
        let pager = FeedPager(loader: ScriptedFeedLoader(items: items), pageSize: 400)
        let model = FeedScreenModel(pager: pager, configuration: configuration, titleMeasurer: measurer)
        model.setContainerSize(CGSize(width: 640, height: 800))
        model.start()
        #expect(await AccessibleChecks.pumpAsync { model.items.count == 400 })
        await pager.loadMore()?.value
        await pager.loadMore()?.value
        // The second and third pages are the pager's; the feed waits for their titles.
        #expect(pager.snapshot.items.count == 1_200)
        #expect(model.isMeasuringLanding && model.items.count == 400)
        #expect(await AccessibleChecks.pumpAsync { model.items.count == 1_200 })
        #expect(!model.isMeasuringLanding)
        let width = VideoCellGeometry.widgetWidth(forFrameWidth: try #require(model.frame(ofItem: 0)).width)
        for index in items.indices.prefix(1_200) {
            let frame = try #require(model.frame(ofItem: index))
            let lines = measurer.lineCount(
                of: CellTitleText.displayed(items[index].title), cellWidth: width,
                maximumLines: VideoCellGeometry.maximumFittedTitleLines)
            #expect(model.cellGeometry(ofItem: index, size: frame.size).titleLines == lines, "item \(index)")
        }
    }
}
