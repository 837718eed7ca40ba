import Foundation

/// Measures a cell's title with the host's text engine (Pango in the GTK host), so that a
/// `.fitted` cell is as tall as its title needs: the model asks it while the layout places
/// items, and never draws.
@MainActor
public protocol TitleMeasuring: AnyObject {
    /// The height of one title line, in points.
    var lineHeight: CGFloat { get }
    /// How many lines `title` wraps to in a cell `cellWidth` points wide (the host knows its
    /// own padding), at most `maximumLines`. Answers outside 1…`maximumLines` are clamped.
    func lineCount(of title: String, cellWidth: CGFloat, maximumLines: Int) -> Int
}

/// How a video cell divides its height between the cover and the title.
public enum CellStyle: String, CaseIterable, Sendable {
    /// The cover at its own aspect over the whole column width, then the title in as many
    /// lines (one to three) as it needs, measured by a `TitleMeasuring`.
    case fitted
    /// The reference design's proportions: cover 85 %, gap 4 %, title band 11 % of a cell
    /// whose height follows the cover's aspect.
    case reference
}
