import Foundation

extension TabPagerModel {
    /// The selection indicator's frame: the selected tab's frame, or while scrolling the
    /// frame interpolated between the two tabs (x and width move together). Nil without tabs
    /// or when `tabFrames` does not cover the pages involved.
    public func indicatorFrame(tabFrames: [CGRect]) -> CGRect? {
        switch state {
        case let .idle(selected):
            return tabFrames.indices.contains(selected) ? tabFrames[selected] : nil
        case let .scrolling(from, to, progress):
            guard tabFrames.indices.contains(from), tabFrames.indices.contains(to) else { return nil }
            let a = tabFrames[from]
            let b = tabFrames[to]
            let t = CGFloat(progress)
            return CGRect(
                x: a.minX + (b.minX - a.minX) * t, y: a.minY + (b.minY - a.minY) * t,
                width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
        }
    }

    /// The tab strip's scroll offset that centres the selected tab (interpolated while
    /// scrolling), clamped to `0 ... contentWidth − stripWidth`. `contentWidth` defaults to
    /// the right edge of the last tab.
    public func stripOffset(tabFrames: [CGRect], stripWidth: CGFloat, contentWidth: CGFloat? = nil) -> CGFloat {
        let content = contentWidth ?? (tabFrames.map(\.maxX).max() ?? 0)
        let maxOffset = max(0, content - stripWidth)
        func centred(_ index: Int) -> CGFloat {
            guard tabFrames.indices.contains(index) else { return 0 }
            let offset = tabFrames[index].midX - stripWidth / 2
            return offset.isFinite ? min(maxOffset, max(0, offset)) : 0
        }
        switch state {
        case let .idle(selected):
            return centred(selected)
        case let .scrolling(from, to, progress):
            let a = centred(from)
            return a + (centred(to) - a) * CGFloat(progress)
        }
    }
}
