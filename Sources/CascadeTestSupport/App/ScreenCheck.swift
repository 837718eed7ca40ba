import CascadeImages
import CascadeNumerics
import CascadeScript
import Foundation

/// Checks what a `cascade --script` step drew: the report's drawn cells against the model's
/// visible set, and a screenshot's pixels against the report.
///
/// Every check returns the problems it found (empty when the step is fine), so a test can
/// `#expect(problems.isEmpty, "\(problems)")` and see every problem at once.
public enum ScreenCheck {
    /// The differences between step `step`'s `visible_items` (the cell widgets drawn) and its
    /// `model_visible_items` (what the screen model counts as visible): a missing or extra item,
    /// or a frame more than `tolerance` points off.
    public static func drawnVersusModel(_ report: ScriptReport, step: Int, tolerance: Double = 1) -> [String] {
        let drawn = report.visibleItems(step)
        let model = report.state(step).modelVisibleItems
        var problems: [String] = []
        let drawnIDs = drawn.map(\.id)
        let modelIDs = model.map(\.id)
        if drawnIDs != modelIDs {
            problems.append(
                "step \(step): drawn \(drawnIDs.count) items \(drawnIDs.prefix(4)), model \(modelIDs.count) \(modelIDs.prefix(4))"
            )
            return problems
        }
        for (d, m) in zip(drawn, model) where zip(d.frame, m.frame).contains(where: { abs($0 - $1) > tolerance }) {
            problems.append("step \(step): item \(d.index) drawn at \(d.frame), laid out at \(m.frame)")
        }
        return problems
    }

    /// Checks a screenshot of step `step` (written by `screenshot NAME` right after it):
    /// - the page area (below `feed_origin`) is not one flat colour;
    /// - there is at least one drawn cell when the feed has items;
    /// - each drawn cell's cover region (its top 85 %) fully inside the page area has real
    ///   content: more than `minimumCoverColours` distinct colours on a 3-pixel grid, unlike the
    ///   flat placeholder or an empty page;
    /// - at least `minimumCovers` covers were checked.
    ///
    /// - Throws: if the PNG cannot be read or decoded.
    public static func pixelProblems(
        png: URL, report: ScriptReport, step: Int, decoder: any ImageDecoding, minimumCovers: Int = 1,
        minimumCoverColours: Int = 40
    ) throws -> [String] {
        let image = try decoder.decode(Data(contentsOf: png), targetSize: nil)
        let origin = report.state(step).feedOrigin ?? [0, 0]
        let offset = report.feed(step).offset ?? 0
        let items = report.feed(step).items
        let drawn = report.visibleItems(step)
        var problems: [String] = []
        let name = png.lastPathComponent

        let top = max(0, Int(saturatingRounded: origin[1]))
        let pageColours = colours(in: image, x: 0, y: top, width: image.width, height: image.height - top, step: 7)
        if pageColours < 8 {
            problems.append("\(name): the page area is blank (\(pageColours) colours below y=\(top))")
        }
        if items > 0 && drawn.isEmpty {
            problems.append("\(name): the feed has \(items) items but no cell is drawn")
        }
        var checked = 0
        for item in drawn {
            let x0 = Int(saturatingRounded: origin[0] + item.frame[0])
            let y0 = Int(saturatingRounded: origin[1] + item.frame[1] - offset)
            let width = Int(saturating: item.frame[2])
            let coverHeight = Int(saturating: item.coverFrame[3])
            guard x0 >= 0, y0 >= top, width > 12, coverHeight > 12, x0 + width <= image.width,
                y0 + coverHeight <= image.height
            else { continue }
            let count = colours(in: image, x: x0 + 4, y: y0 + 4, width: width - 8, height: coverHeight - 8, step: 3)
            if count <= minimumCoverColours {
                problems.append("\(name): item \(item.index)'s cover at \(item.frame) has \(count) colours")
            }
            checked += 1
        }
        if checked < minimumCovers {
            problems.append("\(name): \(checked) covers fully on screen, wanted \(minimumCovers)")
        }
        return problems
    }

    /// Distinct RGB colours in a region, sampled every `step` pixels.
    public static func colours(in image: DecodedImage, x: Int, y: Int, width: Int, height: Int, step: Int) -> Int {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(image.width, x + width)
        let y1 = min(image.height, y + height)
        guard x0 < x1, y0 < y1 else { return 0 }
        var seen = Set<UInt32>()
        for row in stride(from: y0, to: y1, by: step) {
            for column in stride(from: x0, to: x1, by: step) {
                let p = row * image.bytesPerRow + column * 4
                seen.insert(
                    UInt32(image.pixels[p]) << 16 | UInt32(image.pixels[p + 1]) << 8 | UInt32(image.pixels[p + 2]))
            }
        }
        return seen.count
    }
}
