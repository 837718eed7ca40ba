import CascadeNumerics
import Foundation

extension DecodedImage {
    /// The largest image, in pixels, `filledPremultipliedBGRA(to:)` scales to (64 MB of pixels);
    /// a larger target keeps the image's own size and is only converted.
    public static let maxFilledPixelCount = 4096 * 4096

    /// The image in the form `output` asks for; `targetSize` is the request's.
    func prepared(_ output: ImageOutput, _ targetSize: PixelSize?) -> DecodedImage {
        switch output {
        case .decoded: self
        case .filledPremultipliedBGRA: filledPremultipliedBGRA(to: targetSize)
        }
    }

    /// The image scaled (bilinear, aspect preserved) and centre-cropped so it fills `target`
    /// exactly, like CSS `object-fit: cover`, as premultiplied BGRA rows of `width * 4` bytes.
    ///
    /// A nil or empty target, or one over `maxFilledPixelCount`, keeps the image's own size
    /// (converted only). An image already in premultiplied BGRA is returned as it is.
    public func filledPremultipliedBGRA(to target: PixelSize?) -> DecodedImage {
        if layout == .premultipliedBGRA { return self }
        var outWidth = width
        var outHeight = height
        if let target, target.width > 0, target.height > 0, width > 0, height > 0 {
            let area = target.width.multipliedReportingOverflow(by: target.height)
            if !area.overflow, area.partialValue <= Self.maxFilledPixelCount {
                outWidth = target.width
                outHeight = target.height
            }
        }
        let rowBytes = outWidth * 4
        let count = rowBytes * outHeight
        guard count > 0 else {
            return DecodedImage(
                width: outWidth, height: outHeight, bytesPerRow: rowBytes, pixels: [], hasAlpha: hasAlpha,
                layout: .premultipliedBGRA)
        }
        let columns = Self.samples(source: width, output: outWidth, scale: fillScale(outWidth, outHeight))
        let rows = Self.samples(source: height, output: outHeight, scale: fillScale(outWidth, outHeight))
        let premultiply = hasAlpha
        let sourceRowBytes = bytesPerRow
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            pixels.withUnsafeBufferPointer { source in
                let input = source.baseAddress!
                let output = buffer.baseAddress!
                for y in 0..<outHeight {
                    let row = rows[y]
                    let top = input + row.first * sourceRowBytes
                    let bottom = input + row.second * sourceRowBytes
                    let target = output + y * rowBytes
                    for x in 0..<outWidth {
                        let column = columns[x]
                        Self.blend(
                            top + column.first * 4, top + column.second * 4, bottom + column.first * 4,
                            bottom + column.second * 4, fx: column.weight, fy: row.weight, premultiply: premultiply,
                            into: target + x * 4)
                    }
                }
            }
            initialized = count
        }
        return DecodedImage(
            width: outWidth, height: outHeight, bytesPerRow: rowBytes, pixels: out, hasAlpha: hasAlpha,
            layout: .premultipliedBGRA)
    }

    // MARK: Private

    /// One output coordinate's two source samples and the second one's weight (0...256).
    private struct Sample {
        let first: Int
        let second: Int
        let weight: UInt32
    }

    /// Output pixels per source pixel: the larger of the two axes' ratios (cover, not contain).
    private func fillScale(_ outWidth: Int, _ outHeight: Int) -> Double {
        max(Double(outWidth) / Double(width), Double(outHeight) / Double(height))
    }

    /// The source samples of each output coordinate along one axis: output pixel centres mapped
    /// into the centred source span `output / scale` long, clamped to the source.
    private static func samples(source: Int, output: Int, scale: Double) -> [Sample] {
        let last = source - 1
        if source == output, scale == 1 {
            return (0..<output).map { Sample(first: $0, second: $0, weight: 0) }
        }
        let origin = (Double(source) - Double(output) / scale) / 2
        return (0..<output).map { index in
            let position = min(max(origin + (Double(index) + 0.5) / scale - 0.5, 0), Double(last))
            let first = min(max(Int(saturating: position.rounded(.down)), 0), last)
            let fraction = position - Double(first)
            let weight = UInt32(clamping: Int(saturating: (fraction * 256).rounded()))
            return Sample(first: first, second: min(first + 1, last), weight: weight)
        }
    }

    /// Bilinear blend of four straight RGBA pixels into one premultiplied BGRA pixel.
    @inline(__always)
    private static func blend(
        _ p00: UnsafePointer<UInt8>, _ p01: UnsafePointer<UInt8>, _ p10: UnsafePointer<UInt8>,
        _ p11: UnsafePointer<UInt8>, fx: UInt32, fy: UInt32, premultiply: Bool, into target: UnsafeMutablePointer<UInt8>
    ) {
        let w00 = (256 - fx) * (256 - fy)
        let w01 = fx * (256 - fy)
        let w10 = (256 - fx) * fy
        let w11 = fx * fy
        @inline(__always) func channel(_ offset: Int, _ alphas: (UInt32, UInt32, UInt32, UInt32)) -> UInt8 {
            let sum =
                premultiplied(p00[offset], alphas.0) * w00 + premultiplied(p01[offset], alphas.1) * w01
                + premultiplied(p10[offset], alphas.2) * w10 + premultiplied(p11[offset], alphas.3) * w11
            return UInt8(truncatingIfNeeded: (sum + 32768) >> 16)
        }
        let opaque: (UInt32, UInt32, UInt32, UInt32) = (255, 255, 255, 255)
        let alphas =
            premultiply
            ? (
                UInt32(truncatingIfNeeded: p00[3]), UInt32(truncatingIfNeeded: p01[3]),
                UInt32(truncatingIfNeeded: p10[3]), UInt32(truncatingIfNeeded: p11[3])
            ) : opaque
        target[0] = channel(2, alphas)
        target[1] = channel(1, alphas)
        target[2] = channel(0, alphas)
        if premultiply {
            let sum = alphas.0 * w00 + alphas.1 * w01 + alphas.2 * w10 + alphas.3 * w11
            target[3] = UInt8(truncatingIfNeeded: (sum + 32768) >> 16)
        } else {
            target[3] = 255
        }
    }

    /// `channel × alpha / 255`, rounded, without a division.
    @inline(__always)
    private static func premultiplied(_ channel: UInt8, _ alpha: UInt32) -> UInt32 {
        if alpha == 255 { return UInt32(truncatingIfNeeded: channel) }
        let t = UInt32(truncatingIfNeeded: channel) * alpha + 128
        return (t + (t >> 8)) >> 8
    }
}
