import CascadeLayout
import Testing

@Suite struct ElementIDTests {
    @Test func supplementaryIDsIgnoreItemIndex() {
        let header = ElementID(kind: .header, path: ItemPath(section: 3, item: 7))
        #expect(header == .header(section: 3))
        #expect(header.path.item == 0)
        #expect(ElementID(kind: .item, path: ItemPath(section: 1, item: 7)).path.item == 7)
    }

    @Test func pathsOrderBySectionThenItem() {
        let paths = [ItemPath(section: 1, item: 0), ItemPath(section: 0, item: 5), ItemPath(section: 0, item: 2)]
        #expect(
            paths.sorted() == [
                ItemPath(section: 0, item: 2), ItemPath(section: 0, item: 5), ItemPath(section: 1, item: 0),
            ])
    }
}
