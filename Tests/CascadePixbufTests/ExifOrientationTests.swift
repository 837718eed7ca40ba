import CascadeImages
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

/// JPEGs with an EXIF orientation come out upright, on both JPEG routes, and any EXIF bytes are safe.
@Suite struct ExifOrientationTests {
    /// The stored image's quadrant colours: top-left red, top-right green, bottom-left blue,
    /// bottom-right white.
    enum Quadrant: CaseIterable {
        case topLeft, topRight, bottomLeft, bottomRight

        var colour: [UInt8] {
            switch self {
            case .topLeft: [255, 0, 0]
            case .topRight: [0, 255, 0]
            case .bottomLeft: [0, 0, 255]
            case .bottomRight: [255, 255, 255]
            }
        }
    }

    /// For each EXIF orientation, which stored quadrant is shown at the top-left, top-right,
    /// bottom-left and bottom-right (from the EXIF definitions, not from the code).
    static let shownQuadrants: [Int: [Quadrant]] = [
        1: [.topLeft, .topRight, .bottomLeft, .bottomRight],
        2: [.topRight, .topLeft, .bottomRight, .bottomLeft],
        3: [.bottomRight, .bottomLeft, .topRight, .topLeft],
        4: [.bottomLeft, .bottomRight, .topLeft, .topRight],
        5: [.topLeft, .bottomLeft, .topRight, .bottomRight],
        6: [.bottomLeft, .topLeft, .bottomRight, .topRight],
        7: [.bottomRight, .topRight, .bottomLeft, .topLeft],
        8: [.topRight, .bottomRight, .topLeft, .bottomLeft],
    ]

    static func quadrantJPEG(width: Int, height: Int) throws -> Data {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let quadrant: Quadrant =
                    y < height / 2
                    ? (x < width / 2 ? .topLeft : .topRight) : (x < width / 2 ? .bottomLeft : .bottomRight)
                rgb.replaceSubrange((y * width + x) * 3..<(y * width + x) * 3 + 3, with: quadrant.colour)
            }
        }
        return try #require(PixbufJPEGEncoder.encode(rgb: rgb, width: width, height: height, quality: 90))
    }

    /// `jpeg` with an APP1 EXIF segment holding IFD0 `entries` (tag, type, count, value) inserted
    /// after its SOI marker.
    static func withExif(
        _ jpeg: Data, bigEndian: Bool, entries: [(tag: Int, type: Int, count: Int, value: Int)],
        declaredCount: Int? = nil
    ) -> Data {
        func bytes(_ value: Int, _ width: Int) -> [UInt8] {
            let big = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
            return bigEndian ? big : big.reversed()
        }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += bytes(42, 2) + bytes(8, 4) + bytes(declaredCount ?? entries.count, 2)
        for entry in entries {
            // A SHORT value sits in the first two bytes of the four-byte value field.
            tiff += bytes(entry.tag, 2) + bytes(entry.type, 2) + bytes(entry.count, 4) + bytes(entry.value, 2) + [0, 0]
        }
        tiff += bytes(0, 4)
        let body = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1] + [UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    static func oriented(_ jpeg: Data, _ orientation: Int, bigEndian: Bool = true) -> Data {
        withExif(jpeg, bigEndian: bigEndian, entries: [(0x0112, 3, 1, orientation)])
    }

    private func colour(_ image: DecodedImage, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = y * image.bytesPerRow + x * 4
        return Array(image.pixels[offset..<offset + 3])
    }

    /// The colours at the centres of the image's four quadrants, top-left, top-right,
    /// bottom-left, bottom-right.
    private func quadrantColours(_ image: DecodedImage) -> [[UInt8]] {
        let (left, right) = (image.width / 4, image.width * 3 / 4)
        let (top, bottom) = (image.height / 4, image.height * 3 / 4)
        return [
            colour(image, left, top), colour(image, right, top), colour(image, left, bottom),
            colour(image, right, bottom),
        ]
    }

    private func matches(_ shown: [[UInt8]], _ expected: [Quadrant]) -> Bool {
        zip(shown, expected).allSatisfy { pixel, quadrant in
            zip(pixel, quadrant.colour).allSatisfy { abs(Int($0) - Int($1)) <= 40 }
        }
    }

    @Test(arguments: [false, true])
    func everyOrientationIsShownUpright(bigEndian: Bool) throws {
        let stored = try Self.quadrantJPEG(width: 64, height: 48)
        for (orientation, expected) in Self.shownQuadrants.sorted(by: { $0.key < $1.key }) {
            let data = Self.oriented(stored, orientation, bigEndian: bigEndian)
            #expect(ExifOrientation.read(fromJPEG: data).rawValue == orientation)
            let image = try PixbufImageDecoder().decode(data, targetSize: nil)
            let size = orientation >= 5 ? (48, 64) : (64, 48)
            #expect(image.width == size.0 && image.height == size.1, "orientation \(orientation)")
            #expect(matches(quadrantColours(image), expected), "orientation \(orientation): \(quadrantColours(image))")
        }
    }

    /// A sideways photo decoded for a cover: the target bounds the image as shown, and the
    /// scale decoded at is chosen for the turned target (a 200-wide cover of a photo turned
    /// upright needs 1/4 of its 1200 stored rows, not 1/8 of its 1600 stored columns).
    @Test func theTargetBoundsTheUprightImage() throws {
        let stored = try Self.quadrantJPEG(width: 1600, height: 1200)
        // (orientation, target width, size shown, size decoded at)
        let table: [(Int, Int, PixelSize, PixelSize)] = [
            (1, 150, PixelSize(width: 150, height: 113), PixelSize(width: 200, height: 150)),
            (3, 150, PixelSize(width: 150, height: 113), PixelSize(width: 200, height: 150)),
            (6, 150, PixelSize(width: 150, height: 200), PixelSize(width: 200, height: 150)),
            (8, 150, PixelSize(width: 150, height: 200), PixelSize(width: 200, height: 150)),
            (1, 200, PixelSize(width: 200, height: 150), PixelSize(width: 200, height: 150)),
            (6, 200, PixelSize(width: 200, height: 267), PixelSize(width: 400, height: 300)),
            (7, 200, PixelSize(width: 200, height: 267), PixelSize(width: 400, height: 300)),
        ]
        for (orientation, width, shown, decodedAt) in table {
            let data = Self.oriented(stored, orientation)
            let target = PixelSize(width: width, height: 0)
            let decoded = try PixbufImageDecoder().decodeMeasured(data, targetSize: target)
            let name = "orientation \(orientation), \(width) wide"
            #expect(PixelSize(width: decoded.image.width, height: decoded.image.height) == shown, "\(name)")
            #expect(decoded.statistics.loadedSize == decodedAt, "\(name)")
            #expect(matches(quadrantColours(decoded.image), Self.shownQuadrants[orientation]!), "\(name)")
        }
    }

    @Test func unreadableOrOutOfRangeTagsLeaveTheImageAsStored() throws {
        let stored = try Self.quadrantJPEG(width: 64, height: 48)
        let cases: [(String, Data)] = [
            ("orientation 0", Self.oriented(stored, 0)),
            ("orientation 9", Self.oriented(stored, 9)),
            ("orientation 65535", Self.oriented(stored, 0xFFFF)),
            ("a LONG instead of a SHORT", Self.withExif(stored, bigEndian: true, entries: [(0x0112, 4, 1, 6)])),
            ("two values", Self.withExif(stored, bigEndian: false, entries: [(0x0112, 3, 2, 6)])),
            ("another tag only", Self.withExif(stored, bigEndian: true, entries: [(0x010F, 2, 4, 6)])),
            (
                "65,535 entries declared, one present",
                Self.withExif(stored, bigEndian: true, entries: [(0x010F, 3, 1, 6)], declaredCount: 0xFFFF)
            ),
            ("no EXIF", stored),
        ]
        for (name, data) in cases {
            #expect(ExifOrientation.read(fromJPEG: data) == .up, "\(name)")
            let image = try PixbufImageDecoder().decode(data, targetSize: nil)
            #expect(image.width == 64 && image.height == 48, "\(name)")
            #expect(matches(quadrantColours(image), Self.shownQuadrants[1]!), "\(name)")
        }
        // The tag is found after other entries too.
        let later = Self.withExif(stored, bigEndian: true, entries: [(0x010F, 3, 1, 1), (0x0112, 3, 1, 6)])
        #expect(ExifOrientation.read(fromJPEG: later) == .right)
    }

    /// Seeded random damage to the markers and the EXIF segment (truncations, flipped bytes,
    /// lengths pointing past the end): reading never traps, and a truncation reads the tag
    /// exactly when the EXIF segment is whole.
    @Test func damagedHeadersNeverTrap() throws {
        let data = Self.oriented(try Self.quadrantJPEG(width: 16, height: 16), 6)
        let header = Array(data.prefix(80))
        var generator = SeededGenerator(seed: 0x0E1F_2017)
        for _ in 0..<5000 {
            var bytes = header
            switch generator.next() % 3 {
            case 0:
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
                // The EXIF segment is bytes 2..<38 (marker, length, 32 bytes of body): a cut
                // keeping it whole still reads the tag, any shorter cut reads nothing.
                #expect(
                    ExifOrientation.read(fromJPEG: Data(bytes)) == (bytes.count >= 38 ? .right : .up), "\(bytes.count)")
            case 1:
                for _ in 0..<(1 + generator.next() % 4) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            default:
                let at = 2 + Int(generator.next() % 20)
                bytes[at] = 0xFF
                bytes[at + 1] = UInt8(truncatingIfNeeded: generator.next())
            }
            let orientation = ExifOrientation.read(fromJPEG: Data(bytes))
            #expect(ExifOrientation.allCases.contains(orientation))
        }
    }
}
