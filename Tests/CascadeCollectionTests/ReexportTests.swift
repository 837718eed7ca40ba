import CascadeCollection
import Testing

@Suite struct ReexportTests {
    @Test func collectionClientsSeeLayoutTypes() {
        // Hosts import only CascadeCollection and still name layout elements.
        let element = LayoutElement(id: .item(4), frame: .init(x: 0, y: 0, width: 10, height: 20))
        #expect(element.id.path.item == 4)
    }
}
