import CascadeLayout
import CascadeNumerics
import Foundation

/// A straightforward, slow waterfall layout written from the specification, used as the oracle
/// for `WaterfallLayout`: it recomputes everything from plain arrays on each call.
///
/// It mirrors the documented clamps and the Float32 precision of stored heights, so its
/// frames must equal the engine's exactly.
public enum ReferenceWaterfall {
    /// Every frame of a laid-out waterfall.
    public struct Result: Equatable, Sendable {
        /// Item frames per section.
        public var items: [[CGRect]]
        /// Item columns per section (nil for full-span items).
        public var columns: [[Int?]]
        /// Header frames (nil without a header view).
        public var headers: [CGRect?]
        /// Footer frames (nil without a footer view).
        public var footers: [CGRect?]
        /// The content height.
        public var contentHeight: CGFloat
    }

    private struct Geometry: Equatable {
        var columns: Int
        var columnWidth: Double
        var stride: Double
        var left: Double
        var itemsWidth: Double
        var rowSpacing: Double
        var insets: LayoutInsets
        var style: WaterfallSectionStyle
        var headerHeight: Double
        var footerHeight: Double

        func joins(after previous: Geometry) -> Bool {
            headerHeight == 0 && previous.footerHeight == 0 && columns == previous.columns
                && columnWidth == previous.columnWidth && stride == previous.stride && left == previous.left
                && rowSpacing == previous.rowSpacing
        }
    }

    /// Lays out `sections` from scratch. `forcedColumns`, when given, fixes the column of the
    /// items it names (the "stable columns" behaviour after height changes).
    public static func layout(
        configuration: WaterfallConfiguration, width rawWidth: CGFloat, sections: [[WaterfallItem]],
        provider: ((ItemPath, CGFloat) -> CGFloat)? = nil, forcedColumns: [ItemPath: Int] = [:]
    ) -> Result {
        let width = clean(rawWidth)
        let scale = LayoutClamp.scale(configuration.displayScale)
        let geometries = sections.indices.map { geometry(configuration.style(forSection: $0), width: width) }
        var result = Result(
            items: sections.map { Array(repeating: .zero, count: $0.count) },
            columns: sections.map { Array(repeating: nil, count: $0.count) },
            headers: Array(repeating: nil, count: sections.count),
            footers: Array(repeating: nil, count: sections.count), contentHeight: 0)
        var level = 0.0
        var next: [Double] = []
        var bandTop = 0.0
        var maxBottom = 0.0
        var placed = 0
        func joined(_ s: Int) -> Bool {
            configuration.flow == .continuous && s > 0 && geometries[s].joins(after: geometries[s - 1])
        }
        func mirror(_ x: Double, _ w: Double) -> Double {
            configuration.direction == .rightToLeft ? width - x - w : x
        }
        /// A header or footer band at `y`, its insets fitted to the width; moves `y` below it.
        func band(height: Double, insets: LayoutInsets, at y: inout Double) -> CGRect {
            let fitted = fit(insets, width)
            y += fitted.top
            let w = max(0, width - fitted.left - fitted.right)
            let frame = CGRect(x: mirror(fitted.left, w), y: y, width: w, height: height)
            y += height + fitted.bottom
            return frame
        }
        for (s, items) in sections.enumerated() {
            let g = geometries[s]
            if !joined(s) {
                var y = level
                if g.headerHeight > 0 {
                    result.headers[s] = band(height: g.headerHeight, insets: g.style.headerInsets, at: &y)
                }
                y += g.insets.top
                next = Array(repeating: y, count: g.columns)
                bandTop = y
                maxBottom = y
                placed = 0
            }
            for (k, item) in items.enumerated() {
                let path = ItemPath(section: s, item: k)
                if item.spansAllColumns {
                    let h = height(item, width: g.itemsWidth, path: path, scale: scale, provider: provider)
                    let y = max(bandTop, next.max() ?? bandTop)
                    result.items[s][k] = CGRect(x: mirror(g.left, g.itemsWidth), y: y, width: g.itemsWidth, height: h)
                    maxBottom = max(maxBottom, y + h)
                    bandTop = y + h + g.rowSpacing
                    next = Array(repeating: bandTop, count: g.columns)
                    placed = 0
                    continue
                }
                var column: Int
                switch configuration.placement {
                case .shortestColumn:
                    column = 0
                    for c in 1..<g.columns where next[c] < next[column] { column = c }
                case .leftToRight: column = placed % g.columns
                case .rightToLeft: column = g.columns - 1 - placed % g.columns
                }
                if let forced = forcedColumns[path] { column = forced }
                let h = height(item, width: g.columnWidth, path: path, scale: scale, provider: provider)
                let x = g.left + Double(column) * g.stride
                result.items[s][k] = CGRect(
                    x: mirror(x, g.columnWidth), y: next[column], width: g.columnWidth, height: h)
                result.columns[s][k] = column
                maxBottom = max(maxBottom, next[column] + h)
                next[column] += h + g.rowSpacing
                placed += 1
            }
            if s + 1 < sections.count, joined(s + 1) { continue }
            var y = maxBottom + g.insets.bottom
            if g.footerHeight > 0 {
                result.footers[s] = band(height: g.footerHeight, insets: g.style.footerInsets, at: &y)
            }
            level = y
        }
        result.contentHeight = max(level, clean(configuration.minimumContentHeight))
        return result
    }

    private static func clean(_ value: CGFloat) -> Double {
        value.isFinite && value > 0 ? value : 0
    }

    private static func fit(_ raw: LayoutInsets, _ width: Double) -> LayoutInsets {
        var insets = LayoutInsets(
            top: clean(raw.top), left: clean(raw.left), bottom: clean(raw.bottom), right: clean(raw.right))
        let sum = insets.left + insets.right
        if sum > width, sum > 0 {
            let left = insets.left * (width / sum)
            insets.left = left
            insets.right = max(0, width - left)
        }
        return insets
    }

    private static func geometry(_ style: WaterfallSectionStyle, width: Double) -> Geometry {
        let insets = fit(style.insets, width)
        let available = max(0, width - insets.left - insets.right)
        var spacing = clean(style.columnSpacing)
        var columns: Int
        switch style.columns {
        case .fixed(let n): columns = min(max(n, 1), LayoutClamp.maximumColumnCount)
        case .adaptive(let minimum):
            let m = minimum.isFinite && minimum > 0 ? minimum : 1
            let fit = ((available + spacing) / (m + spacing)).rounded(.down)
            columns = fit.isFinite ? Int(saturating: min(max(fit, 1), Double(LayoutClamp.maximumColumnCount))) : 1
        }
        if columns > 1 { spacing = min(spacing, available / Double(columns - 1)) }
        let columnWidth = max(0, (available - Double(columns - 1) * spacing) / Double(columns))
        return Geometry(
            columns: columns, columnWidth: columnWidth, stride: columnWidth + spacing, left: insets.left,
            itemsWidth: available, rowSpacing: clean(style.rowSpacing), insets: insets, style: style,
            headerHeight: min(clean(style.headerHeight), LayoutClamp.maximumItemHeight),
            footerHeight: min(clean(style.footerHeight), LayoutClamp.maximumItemHeight))
    }

    private static func height(
        _ item: WaterfallItem, width: Double, path: ItemPath, scale: Double,
        provider: ((ItemPath, CGFloat) -> CGFloat)?
    ) -> Double {
        let raw: Double
        switch item.sizing {
        case .height(let h): raw = Double(Float(LayoutClamp.itemHeight(h)))
        case .aspectRatio(let r):
            let ratio = Double(Float(r.isNaN || r < 0 ? 1 : min(r, LayoutClamp.maximumAspectRatio)))
            raw = LayoutClamp.roundToPixel(width * ratio, scale: scale)
        case .provided: raw = provider.map { Double($0(path, width)) } ?? 0
        }
        return Double(Float(LayoutClamp.itemHeight(raw)))
    }
}
