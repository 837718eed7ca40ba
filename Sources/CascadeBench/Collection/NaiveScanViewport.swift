import CascadeCollection
import Foundation

/// Baseline `naive-scan`: the viewport step as a collection view without a spatial query
/// does it — scan every item's frame to find the visible set and the prefetch window, then
/// diff against the previous frame's sets. Same outputs as `CollectionViewport`.
final class NaiveScanViewport {
    private let frames: [CGRect]
    private let window: PrefetchWindow
    private var visible: [Int] = []
    private var prefetched: [Int] = []
    private var lastY: CGFloat?
    private var forward = true

    init(frames: [CGRect], window: PrefetchWindow = PrefetchWindow()) {
        self.frames = frames
        self.window = window
    }

    /// Returns the counts of appeared, disappeared, prefetched and cancelled items.
    func step(_ rect: CGRect) -> (Int, Int, Int, Int) {
        if let lastY, rect.minY != lastY { forward = rect.minY > lastY }
        lastY = rect.minY
        let region = window.region(around: rect, direction: forward ? .forward : .backward, axis: .vertical)
        var newVisible: [Int] = []
        var newWindow: [Int] = []
        frames.withUnsafeBufferPointer { frames in
            for index in frames.indices {
                let frame = frames[index]
                guard frame.minY < region.maxY && region.minY < frame.maxY else { continue }
                if frame.minY < rect.maxY && rect.minY < frame.maxY {
                    newVisible.append(index)
                } else {
                    newWindow.append(index)
                }
            }
        }
        let oldVisible = Set(visible)
        let visibleSet = Set(newVisible)
        let appeared = newVisible.filter { !oldVisible.contains($0) }.count
        let disappeared = visible.filter { !visibleSet.contains($0) }.count
        let oldPrefetched = Set(prefetched)
        let windowSet = Set(newWindow)
        let prefetch = newWindow.filter { !oldPrefetched.contains($0) && !oldVisible.contains($0) }
        let cancelled = prefetched.filter { !windowSet.contains($0) && !visibleSet.contains($0) }.count
        prefetched = newWindow.filter { oldPrefetched.contains($0) } + prefetch
        visible = newVisible
        return (appeared, disappeared, prefetch.count, cancelled)
    }
}
