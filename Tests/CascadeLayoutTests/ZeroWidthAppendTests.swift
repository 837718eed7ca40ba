import CascadeLayout
import Foundation
import Testing

@Suite struct ZeroWidthAppendTests {
    /// A feed can show a persisted page before its view has a width: appending to a layout of
    /// width 0 must place the items (with zero-width columns) and relayout once a width comes.
    @Test(arguments: [0, 1, 499, 500, 5000], [ColumnCount.adaptive(minimumWidth: 170), .fixed(4)])
    func appendingBeforeTheContainerHasAWidth(count: Int, columns: ColumnCount) {
        let layout = WaterfallLayout(
            configuration: WaterfallConfiguration(
                section: WaterfallSectionStyle(columns: columns, footerHeight: 56), displayScale: 1))
        layout.heightProvider = { path, width in width > 0 ? 100 + CGFloat(path.item % 7) * 10 : 0 }
        layout.replaceAll(sections: [[]])
        layout.appendItems(Array(repeating: .provided(), count: count), toSection: 0)
        #expect(layout.numberOfItems(inSection: 0) == count)
        layout.setContainerWidth(1000)
        #expect(layout.columnCount(inSection: 0) == (columns == .fixed(4) ? 4 : 5))
        if count > 0 {
            let last = layout.frame(for: .item(count - 1))
            #expect(last.map { $0.height >= 100 && $0.minY.isFinite } == true)
        }
    }
}
