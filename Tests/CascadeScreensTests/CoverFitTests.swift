import CascadeScreens
import Foundation
import Testing

/// Object-fit cover: a golden table of image and box sizes.
@Suite struct CoverFitTests {
    @Test(arguments: [
        (
            CGSize(width: 400, height: 200), CGSize(width: 100, height: 100),
            CGRect(x: -50, y: 0, width: 200, height: 100)
        ),
        (
            CGSize(width: 200, height: 400), CGSize(width: 100, height: 100),
            CGRect(x: 0, y: -50, width: 100, height: 200)
        ),
        (CGSize(width: 300, height: 400), CGSize(width: 300, height: 400), CGRect(x: 0, y: 0, width: 300, height: 400)),
        (CGSize(width: 30, height: 40), CGSize(width: 300, height: 400), CGRect(x: 0, y: 0, width: 300, height: 400)),
        (CGSize(width: 0, height: 40), CGSize(width: 300, height: 400), CGRect.zero),
        (CGSize(width: 30, height: CGFloat.nan), CGSize(width: 300, height: 400), CGRect.zero),
        (CGSize(width: 30, height: 40), CGSize(width: CGFloat.infinity, height: 400), CGRect.zero),
    ])
    func fillsTheBoxCentred(image: CGSize, box: CGSize, expected: CGRect) {
        #expect(CoverFit.rect(image: image, box: box) == expected)
    }
}

/// The size a cover is decoded at to fill a box at 1:1: golden tables.
@Suite struct CoverDecodeSizeTests {
    /// (box in device pixels, image height over width, maximum overscan, decode size).
    @Test(
        arguments: [
            (1280, 400, 9.0 / 16.0, 4.0, 1280, 720), (2560, 800, 9.0 / 16.0, 4.0, 2560, 1440),
            (3000, 400, 9.0 / 16.0, 4.0, 3000, 1600), (1280, 400, 9.0 / 16.0, 1.5, 1280, 600),
            (300, 400, 9.0 / 16.0, 4.0, 712, 400), (300, 400, 9.0 / 16.0, 2.0, 600, 400),
            (400, 400, 1.0, 4.0, 400, 400), (200, 100, 16.0 / 9.0, 4.0, 200, 356), (200, 100, .nan, 4.0, 200, 100),
            (200, 100, -1.0, 4.0, 200, 100), (0, 100, 1.0, 4.0, 0, 100), (200, 100, 0.5, .nan, 200, 100),
            (200, 100, 1.0, 0.5, 200, 100),
        ] as [(Int, Int, Double, Double, Int, Int)])
    func coversTheBoxAtTheImagesAspectWithinTheOverscan(
        width: Int, height: Int, aspect: Double, overscan: Double, expectedWidth: Int, expectedHeight: Int
    ) {
        let size = CoverFit.decodeSize(
            covering: (width, height), imageAspect: aspect, maximumOverscan: overscan)
        #expect(size.width == expectedWidth && size.height == expectedHeight, "\(size)")
    }

    /// (points, scale, device pixels): rounded up; hostile scales count as 1, hostile sides as 0.
    @Test(
        arguments: [
            (CGSize(width: 1260, height: 394.5), 1.0, 1260, 395), (CGSize(width: 1260, height: 394.5), 2.0, 2520, 789),
            (CGSize(width: 100, height: 50), 0.0, 100, 50), (CGSize(width: 100, height: 50), CGFloat.nan, 100, 50),
            (CGSize(width: -10, height: CGFloat.infinity), 1.0, 0, 0),
        ] as [(CGSize, CGFloat, Int, Int)])
    func aBoxInDevicePixels(size: CGSize, scale: CGFloat, expectedWidth: Int, expectedHeight: Int) {
        let box = CoverFit.pixelBox(size, scale: scale)
        #expect(box.width == expectedWidth && box.height == expectedHeight, "\(box)")
    }
}
