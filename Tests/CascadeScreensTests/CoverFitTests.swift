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
