import Foundation

/// Where an image is drawn to fill a box like CSS `object-fit: cover`: scaled by the larger of
/// the two ratios, so the box is filled and the image's overflow is cut evenly on both sides.
///
/// ```swift
/// CoverFit.rect(image: CGSize(width: 400, height: 200), box: CGSize(width: 100, height: 100))
/// // (-50, 0, 200, 100): scaled by 0.5, centred, 50 pt cut on each side
/// ```
public enum CoverFit {
    /// The image's drawn frame in box coordinates; empty for an empty or non-finite size.
    public static func rect(image: CGSize, box: CGSize) -> CGRect {
        let sizes = [image.width, image.height, box.width, box.height]
        guard sizes.allSatisfy({ $0.isFinite && $0 > 0 }) else { return .zero }
        let scale = max(box.width / image.width, box.height / image.height)
        let size = CGSize(width: image.width * scale, height: image.height * scale)
        return CGRect(
            x: (box.width - size.width) / 2, y: (box.height - size.height) / 2, width: size.width, height: size.height)
    }
}
