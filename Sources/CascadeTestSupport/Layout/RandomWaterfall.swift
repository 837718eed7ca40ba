import CascadeLayout
import Foundation

/// Seeded random waterfall inputs for property tests, including awkward values (zero and huge
/// column counts, insets wider than the container, NaN heights, empty sections).
public enum RandomWaterfall {
    /// A random configuration.
    public static func configuration(using rng: inout SeededGenerator) -> WaterfallConfiguration {
        var config = WaterfallConfiguration(
            section: style(using: &rng),
            placement: [.shortestColumn, .shortestColumn, .leftToRight, .rightToLeft].randomElement(using: &rng)!,
            direction: Bool.random(using: &rng) ? .leftToRight : .rightToLeft,
            flow: Bool.random(using: &rng) ? .classic : .continuous,
            pinsHeaders: Bool.random(using: &rng),
            minimumContentHeight: [0, 0, 500, 5000, -.infinity].randomElement(using: &rng)!,
            keepsColumnsOnHeightChange: Bool.random(using: &rng),
            displayScale: [1, 2, 3, 0].randomElement(using: &rng)!)
        if Int.random(in: 0..<3, using: &rng) == 0 {
            config.sectionOverrides[Int.random(in: 0..<3, using: &rng)] = style(using: &rng)
        }
        return config
    }

    /// A random section style; sometimes headers and footers are off so continuous flow joins.
    public static func style(using rng: inout SeededGenerator) -> WaterfallSectionStyle {
        let columns: ColumnCount =
            Int.random(in: 0..<4, using: &rng) == 0
            ? .adaptive(minimumWidth: [0, 80, 150, 400, .nan].randomElement(using: &rng)!)
            : .fixed([0, 1, 2, 2, 3, 5, 1000].randomElement(using: &rng)!)
        let plain = Bool.random(using: &rng)
        return WaterfallSectionStyle(
            columns: columns, columnSpacing: [0, 10, 7.5, 1000, -3].randomElement(using: &rng)!,
            rowSpacing: [0, 10, 4, .nan].randomElement(using: &rng)!,
            insets: [LayoutInsets(all: 10), .zero, LayoutInsets(top: 5, left: 300, bottom: 0, right: 300)]
                .randomElement(using: &rng)!,
            headerHeight: plain ? 0 : [0, 40, .infinity].randomElement(using: &rng)!,
            headerInsets: LayoutInsets(top: 4, left: 8, bottom: 2, right: 8),
            footerHeight: plain ? 0 : [0, 44].randomElement(using: &rng)!,
            footerInsets: LayoutInsets(top: 3, left: 0, bottom: 6, right: 0))
    }

    /// A random item: mostly cover sizes, some fixed heights (some invalid), some full-span.
    public static func item(using rng: inout SeededGenerator) -> WaterfallItem {
        let fullSpan = Int.random(in: 0..<12, using: &rng) == 0
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .height([0, -5, .nan, .infinity, 33.3].randomElement(using: &rng)!, fullSpan: fullSpan)
        case 1:
            return .size(CGSize(width: [0, 100].randomElement(using: &rng)!, height: CGFloat.nan), fullSpan: fullSpan)
        case 2, 3: return .height(CGFloat(Int.random(in: 20...300, using: &rng)), fullSpan: fullSpan)
        default:
            let w = CGFloat(Int.random(in: 300...1920, using: &rng))
            let h = CGFloat(Int.random(in: 300...1920, using: &rng))
            return .size(CGSize(width: w, height: h), fullSpan: fullSpan)
        }
    }

    /// Random sections of up to `maxItems` items each (some empty).
    public static func sections(
        using rng: inout SeededGenerator, maxSections: Int = 3, maxItems: Int = 12
    )
        -> [[WaterfallItem]]
    {
        (0..<Int.random(in: 0...maxSections, using: &rng)).map { _ in
            (0..<Int.random(in: 0...maxItems, using: &rng)).map { _ in item(using: &rng) }
        }
    }

    /// A random container width, sometimes invalid.
    public static func width(using rng: inout SeededGenerator) -> CGFloat {
        [375, 390, 1280, 0, 320.5, .nan, -10, 50].randomElement(using: &rng)!
    }
}

/// Reads a `WaterfallLayout` back into the oracle's result shape.
public enum WaterfallSnapshot {
    /// The layout's frames, columns, headers, footers and content height.
    public static func of(_ layout: WaterfallLayout) -> ReferenceWaterfall.Result {
        let count = layout.numberOfSections
        return ReferenceWaterfall.Result(
            items: (0..<count).map { s in
                (0..<layout.numberOfItems(inSection: s)).map { layout.frame(for: .item($0, section: s))! }
            },
            columns: (0..<count).map { s in
                (0..<layout.numberOfItems(inSection: s)).map { layout.column(of: ItemPath(section: s, item: $0)) }
            },
            headers: (0..<count).map { layout.frame(for: .header(section: $0)) },
            footers: (0..<count).map { layout.frame(for: .footer(section: $0)) },
            contentHeight: layout.contentSize.height)
    }

    /// The items the layout holds, section by section.
    public static func items(of layout: WaterfallLayout) -> [[WaterfallItem]] {
        (0..<layout.numberOfSections).map { s in
            (0..<layout.numberOfItems(inSection: s)).map { layout.item(at: ItemPath(section: s, item: $0))! }
        }
    }
}
