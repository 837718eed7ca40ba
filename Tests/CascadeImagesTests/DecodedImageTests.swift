import CascadeImages
import Testing

@Suite struct DecodedImageTests {
    @Test func costCountsPixelBytes() {
        let image = DecodedImage(
            width: 3, height: 2, bytesPerRow: 12, pixels: .init(repeating: 0, count: 24), hasAlpha: false)
        #expect(image.cost == 24)
    }
}
