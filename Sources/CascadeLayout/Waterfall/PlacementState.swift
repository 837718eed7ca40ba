import Foundation

/// The running state of the placement loop: where each column's next item goes.
struct PlacementState {
    /// Per column: the y of the next item (the band top while the column is empty in the band).
    var next: [Double]
    /// The top of the current band (below the chain's top or the last full-span item).
    var bandTop: Double
    /// The lowest bottom of anything placed in the current chain, or the chain's items top.
    var maxBottom: Double
    /// Column items placed since the band started (round-robin placement).
    var placedInBand: Int
    /// Where the next non-joined section starts.
    var level: Double

    init(columns: Int, top: Double, level: Double) {
        next = Array(repeating: top, count: columns)
        bandTop = top
        maxBottom = top
        placedInBand = 0
        self.level = level
    }
}
