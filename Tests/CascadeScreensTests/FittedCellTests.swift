import CascadeFeed
import CascadeLayout
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// Fitted cells: the cover at its own aspect plus the title's measured lines, asked of a
/// measurer that wraps at a fixed width per character.
@MainActor
@Suite struct FittedCellTests {
    /// Wraps `title` at `characterWidth` points per character; records every question.
    final class MonospaceMeasurer: TitleMeasuring {
        let lineHeight: CGFloat = 18
        var characterWidth: CGFloat = 10
        var asked: [(title: String, width: CGFloat)] = []
        var answer: ((Int) -> Int)?

        func lineCount(of title: String, cellWidth: CGFloat, maximumLines: Int) -> Int {
            asked.append((title, cellWidth))
            let perLine = max(1, Int(cellWidth / characterWidth))
            let lines = (title.count + perLine - 1) / perLine
            return answer?(lines) ?? min(max(1, lines), maximumLines)
        }
    }

    func item(_ index: Int, title: String, width: Double = 640, height: Double = 360) -> VideoItem {
        VideoItem(
            id: "f-\(index)", title: title, coverURL: URL(string: "https://example.com/\(index).jpg")!,
            videoURL: URL(string: "https://example.com/\(index).mp4")!, duration: 3, width: width, height: height)
    }

    func makeModel(
        _ items: [VideoItem], style: CellStyle = .fitted, measurer: MonospaceMeasurer
    )
        async throws -> FeedScreenModel
    {
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.cellStyle = style
        let pager = FeedPager(loader: ScriptedFeedLoader(items: items), pageSize: items.count)
        let model = FeedScreenModel(pager: pager, configuration: configuration, titleMeasurer: measurer)
        // Two columns of (400 - 3 × 10) / 2 = 185 points.
        model.setContainerSize(CGSize(width: 400, height: 800))
        model.start()
        #expect(await waitUntil { model.items.count == items.count })
        return model
    }

    /// Height = cover at its aspect over the column width + padding + lines × line height; the
    /// title is measured at the width the cell's widget gets.
    @Test func aCellIsItsCoverPlusItsMeasuredTitle() async throws {
        let measurer = MonospaceMeasurer()
        let titles = ["Short", String(repeating: "a", count: 30), String(repeating: "b", count: 300)]
        let model = try await makeModel(
            titles.enumerated().map { item($0.offset, title: $0.element) }, measurer: measurer)
        #expect(model.cellStyle == .fitted)
        let expectedLines = [1, 2, 3]  // 18 characters a line at 185 points; the last one capped
        for index in titles.indices {
            let frame = try #require(model.frame(ofItem: index))
            #expect(frame.width == 185)
            let cover: CGFloat = (185 * 360 / 640.0).rounded()
            let band = 14 + CGFloat(expectedLines[index]) * 18
            #expect(frame.height == cover + band, "item \(index)")
            let geometry = model.cellGeometry(ofItem: index, size: frame.size)
            #expect(geometry.titleLines == expectedLines[index])
            #expect(geometry.cover.height == cover)
            #expect(geometry.title.minY == cover && geometry.title.maxY == frame.height)
        }
        #expect(measurer.asked.allSatisfy { $0.width == 185 })
        #expect(Set(measurer.asked.map(\.title)) == Set(titles))
    }

    /// A narrower column measures again: the same title takes more lines.
    @Test func aWidthChangeMeasuresAgain() async throws {
        let measurer = MonospaceMeasurer()
        let title = String(repeating: "c", count: 20)
        let model = try await makeModel([item(0, title: title), item(1, title: "x")], measurer: measurer)
        #expect(model.cellGeometry(ofItem: 0, size: try #require(model.frame(ofItem: 0)).size).titleLines == 2)
        model.setContainerSize(CGSize(width: 900, height: 800))  // columns of 435 points: one line
        let wide = try #require(model.frame(ofItem: 0))
        #expect(model.cellGeometry(ofItem: 0, size: wide.size).titleLines == 1)
        let cover: CGFloat = (435 * 360 / 640.0).rounded()
        #expect(wide.height == cover + 14 + 18)
        #expect(measurer.asked.contains { $0.width == 435 })
    }

    /// A measurer's nonsense (0, negative, huge) and a cover with no size (NaN aspect) or a
    /// 1000:1 one give a square cover or the flattest strip, with one to three lines.
    @Test func hostileAnswersAndCoversAreClamped() async throws {
        let measurer = MonospaceMeasurer()
        var answers = [0, -5, 1_000_000]
        measurer.answer = { _ in answers.isEmpty ? 1 : answers.removeFirst() }
        let items = [
            item(0, title: "t", width: 0, height: 0), item(1, title: "t", width: 100_000, height: 100),
            item(2, title: "t"),
        ]
        let model = try await makeModel(items, measurer: measurer)
        let lines = try (0..<3).map { model.cellGeometry(ofItem: $0, size: try #require(model.frame(ofItem: $0)).size) }
        #expect(lines.map(\.titleLines) == [1, 1, 3])
        #expect(lines[0].cover.height == 185)
        let flattest: CGFloat = (185 * FeedScreenModel.minimumFittedCoverAspect).rounded()
        #expect(lines[1].cover.height == flattest, "\(lines[1].cover.height - flattest)")
        for index in 0..<3 {
            let frame = try #require(model.frame(ofItem: index))
            #expect(frame.height.isFinite && frame.height > 0)
        }
    }

    /// The reference style keeps 85/4/11 and never asks the measurer.
    @Test func theReferenceStyleKeepsItsProportions() async throws {
        let measurer = MonospaceMeasurer()
        let model = try await makeModel(
            [item(0, title: String(repeating: "d", count: 200))], style: .reference, measurer: measurer)
        #expect(model.cellStyle == .reference)
        let frame = try #require(model.frame(ofItem: 0))
        #expect(model.cellGeometry(ofItem: 0, size: frame.size) == VideoCellGeometry(size: frame.size))
        #expect(measurer.asked.isEmpty)
    }

    /// A title measured again to more lines moves only the cells below it in its column; the
    /// other column keeps every frame.
    @Test func refittingATitleMovesOnlyItsColumnBelowIt() async throws {
        let measurer = MonospaceMeasurer()
        let model = try await makeModel((0..<12).map { item($0, title: "Item \($0)") }, measurer: measurer)
        let before = try (0..<12).map { try #require(model.frame(ofItem: $0)) }
        measurer.characterWidth = 40  // the font grew: "Item 2" now needs 2 lines at 185 points
        model.refitTitle(ofItem: 2)
        let after = try (0..<12).map { try #require(model.frame(ofItem: $0)) }
        let column = before[2].minX
        #expect(after[2].height == before[2].height + 18)
        for index in 0..<12 where index != 2 {
            if before[index].minX == column && before[index].minY > before[2].minY {
                #expect(after[index].minY == before[index].minY + 18, "below, item \(index)")
            } else {
                #expect(after[index] == before[index], "elsewhere, item \(index)")
            }
        }
    }
}
