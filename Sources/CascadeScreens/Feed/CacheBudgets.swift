/// How much the app keeps for reuse, in one place: the host sizes its caches and pools from
/// these and decides none of them.
public enum CacheBudgets {
    /// A typical decoded cover, in bytes (a 240 × 320 pixel cover at 4 bytes a pixel).
    public static let typicalCoverBytes = 240 * 320 * 4
    /// Bytes of decoded covers kept in memory: about four screens of cells, which keeps a long
    /// fling's memory bounded while the disk cache makes decoding again cheap.
    public static let decodedCoverBytes = 32 << 20
    /// Cell widgets kept for reuse per kind of cell.
    public static let pooledCells = 24
    /// The size in pixels the player page decodes an item's cover to (720p).
    public static let playerCoverPixels = (width: 1280, height: 720)
}
