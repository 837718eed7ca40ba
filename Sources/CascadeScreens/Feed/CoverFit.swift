import CascadeNumerics
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

    /// How far past the banner's box its cover's decode may reach in the cropped dimension: a
    /// 16:9 cover across a window-wide banner (about 3.2:1) needs 1.8 times the box's height, a
    /// wider window more; a hostile aspect is drawn scaled up past this.
    public static let bannerOverscan: Double = 4

    /// A box of `size` points in device pixels at `scale`, rounded up; a scale that is not finite
    /// or not positive counts as 1, a negative or non-finite side as 0.
    public static func pixelBox(_ size: CGSize, scale: CGFloat) -> (width: Int, height: Int) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        func side(_ points: CGFloat) -> Int { points.isFinite ? max(0, Int(saturating: (points * s).rounded(.up))) : 0 }
        return (side(size.width), side(size.height))
    }

    /// The size in device pixels to decode an image of height-over-width `imageAspect` to so that
    /// it covers `box` (device pixels) without being scaled up: the box grown in one dimension to
    /// the image's aspect, by at most `maximumOverscan` times.
    ///
    /// The image pipeline fits an image inside the size it is asked for, so asking for the box
    /// itself gives an image that is drawn enlarged (and soft) wherever the box's shape differs
    /// from the image's. An aspect that is not finite or not positive, or an empty box, gives the box.
    /// - Complexity: O(1).
    public static func decodeSize(
        covering box: (width: Int, height: Int), imageAspect: Double, maximumOverscan: Double
    ) -> (width: Int, height: Int) {
        guard imageAspect.isFinite, imageAspect > 0, box.width > 0, box.height > 0 else { return box }
        let overscan = maximumOverscan.isFinite ? max(1, maximumOverscan) : 1
        let width = Double(box.width)
        let height = Double(box.height)
        if height / width > imageAspect {
            // The image is wider than the box: full height, wider than the box.
            let covering = min(height / imageAspect, width * overscan)
            return (max(box.width, Int(saturating: covering.rounded(.up))), box.height)
        }
        let covering = min(width * imageAspect, height * overscan)
        return (box.width, max(box.height, Int(saturating: covering.rounded(.up))))
    }
}
