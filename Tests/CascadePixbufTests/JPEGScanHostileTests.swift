import CascadeImages
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadePixbuf

/// Hostile bytes through the 1/8-scale JPEG decoder: one test per threat, each checking the
/// typed refusal and that `PixbufImageDecoder` then gives exactly the loader's result or error.
@Suite struct JPEGScanHostileTests {
    private static let limit = PixbufImageDecoder.defaultPixelLimit
    /// 1200 x 900 and 641 x 481 photos decode at 1/8 for this target.
    private static let target = PixelSize(width: 64, height: 64)

    /// The decoded pixels (or why not).
    private func scan(_ data: Data, parts: Int = 1) -> Result<[UInt8], JPEGScanDecoder.Failure> {
        JPEGScanDecoder.decode(data, pixelLimit: Self.limit, parts: parts).map(\.rgb)
    }

    /// The marker segments before the scan data: (marker, offset of 0xFF, length field).
    private func segments(_ data: Data) -> [(marker: UInt8, offset: Int, length: Int)] {
        var result: [(UInt8, Int, Int)] = []
        var at = 2
        while at + 4 <= data.count, data[at] == 0xFF {
            let marker = data[at + 1]
            let length = Int(data[at + 2]) << 8 | Int(data[at + 3])
            result.append((marker, at, length))
            if marker == 0xDA { break }
            at += 2 + length
        }
        return result
    }

    private func scanStart(_ data: Data) -> Int {
        let sos = segments(data).last!
        return sos.offset + 2 + sos.length
    }

    /// Both routes of `PixbufImageDecoder` give the same image (within 2 per channel) or the
    /// same error.
    private func expectSameAsLoader(_ data: Data, _ comment: Comment) {
        let scanned = Result { try PixbufImageDecoder().decode(data, targetSize: Self.target) }
        let loaded = Result { try PixbufImageDecoder(parallelJPEG: false).decode(data, targetSize: Self.target) }
        switch (scanned, loaded) {
        case (.success(let a), .success(let b)):
            #expect(a.width == b.width && a.height == b.height, comment)
            let largest = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 2, comment)
        case (.failure(let a), .failure(let b)):
            #expect(a as? ImageDecodingError == b as? ImageDecodingError, comment)
        default:
            Issue.record("\(comment): routes differ: \(scanned) vs \(loaded)")
        }
    }

    private var photo: Data { get throws { try JPEGScanFixtures.data(JPEGScanFixtures.recipes[0]) } }
    private var restartPhoto: Data {
        get throws { try JPEGScanFixtures.data(JPEGScanFixtures.recipes.first { $0.name.contains("restart5") }!) }
    }

    @Test func truncatedDataIsCorrupt() throws {
        let data = try photo
        let start = scanStart(data)
        for cut in [3, 40, start - 1, start + 1, start + 1000, (start + data.count) / 2, data.count - 3] {
            let truncated = data.prefix(cut)
            #expect(scan(truncated) == .failure(.corrupt) || scan(truncated) == .failure(.unsupported), "cut at \(cut)")
            #expect(scan(truncated, parts: 3) == scan(truncated), "cut at \(cut)")
            expectSameAsLoader(truncated, "cut at \(cut)")
        }
    }

    @Test func randomByteFlipsGiveTheLoadersResult() throws {
        for original in [try photo, try restartPhoto] {
            var random = SeededGenerator(seed: UInt64(original.count))
            for round in 0..<25 {
                var data = original
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let index = Int.random(in: 2..<data.count - 2, using: &random)
                    data[index] ^= UInt8.random(in: 1...255, using: &random)
                }
                #expect(scan(data, parts: 2) == scan(data), "round \(round)")
                expectSameAsLoader(data, "round \(round)")
            }
        }
    }

    @Test func hugeDimensionsAreTooLarge() throws {
        var data = try photo
        let sof = segments(data).first { $0.marker == 0xC0 }!
        data.replaceSubrange(sof.offset + 5..<sof.offset + 9, with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 x 60000
        #expect(scan(data) == .failure(.tooLarge))
        expectSameAsLoader(data, "60000 x 60000")
    }

    @Test func aBadHuffmanTableIndexIsCorrupt() throws {
        var data = try photo
        let dht = segments(data).first { $0.marker == 0xC4 }!
        data[dht.offset + 4] = 0x07
        #expect(scan(data) == .failure(.corrupt))
        expectSameAsLoader(data, "table index 7")
    }

    @Test func aHuffmanTableWithMoreCodesThanItsLengthsHoldIsCorrupt() throws {
        // Found by the image fuzz target: more codes of one length than that length holds once
        // wrote past the fast lookup table. The table's total stays the same (codes moved from
        // its longest lengths), so only the code assignment is wrong.
        for (length, count) in [(1, 3), (2, 5), (3, 9)] {
            var data = try photo
            let dht = segments(data).first { $0.marker == 0xC4 }!
            let counts = dht.offset + 5  // after FF C4, the length and the class/index byte
            var moved = count - Int(data[counts + length - 1])
            data[counts + length - 1] = UInt8(count)
            for other in stride(from: 15, through: length, by: -1) where moved > 0 {
                let taken = min(moved, Int(data[counts + other]))
                data[counts + other] -= UInt8(taken)
                moved -= taken
            }
            #expect(moved == 0)
            #expect(scan(data) == .failure(.corrupt), "\(count) codes of length \(length)")
            expectSameAsLoader(data, "\(count) codes of length \(length)")
        }
    }

    @Test func missingTablesAreLeftToTheLoader() throws {
        let original = try photo
        var data = original
        // libjpeg substitutes the standard Huffman tables when a file has none; this decoder
        // does not guess.
        for segment in segments(original).reversed() where segment.marker == 0xC4 {
            data.removeSubrange(segment.offset..<segment.offset + 2 + segment.length)
        }
        #expect(scan(data) == .failure(.unsupported))
        expectSameAsLoader(data, "no DHT")
        var noQuantization = original
        for segment in segments(original).reversed() where segment.marker == 0xDB {
            noQuantization.removeSubrange(segment.offset..<segment.offset + 2 + segment.length)
        }
        #expect(scan(noQuantization) == .failure(.unsupported))
        expectSameAsLoader(noQuantization, "no DQT")
    }

    @Test func markersInsideTheScanAreCorrupt() throws {
        let original = try photo
        let middle = (scanStart(original) + original.count) / 2
        for marker: [UInt8] in [[0xFF, 0xC4, 0x00, 0x02], [0xFF, 0xD9], [0xFF, 0xD0]] {
            var data = original
            // At a byte that is not the second half of a 0xFF pair.
            var at = middle
            while data[at - 1] == 0xFF { at += 1 }
            data.insert(contentsOf: marker, at: at)
            #expect(scan(data) == .failure(.corrupt), "marker \(marker)")
            #expect(scan(data, parts: 4) == .failure(.corrupt), "marker \(marker)")
            expectSameAsLoader(data, "marker \(marker)")
        }
    }

    @Test func restartMarkersNeedTheirInterval() throws {
        let original = try restartPhoto
        #expect(try scan(original).get().count == 81 * 61 * 3)
        // A restart interval of 0 with restart markers in the data.
        var data = original
        let dri = segments(data).first { $0.marker == 0xDD }!
        data.replaceSubrange(dri.offset + 4..<dri.offset + 6, with: [0, 0])
        #expect(scan(data) == .failure(.corrupt))
        expectSameAsLoader(data, "interval 0")
        // Restart markers out of sequence.
        var swapped = original
        let start = scanStart(swapped)
        if let first = (start..<swapped.count - 1).first(where: {
            swapped[$0] == 0xFF && (0xD0...0xD7).contains(swapped[$0 + 1])
        }) {
            swapped[first + 1] = 0xD5
            #expect(scan(swapped) == .failure(.corrupt))
            expectSameAsLoader(swapped, "RST out of order")
        } else {
            Issue.record("no restart marker in the restart fixture")
        }
    }

    @Test func samplingFactorsAbove2AreUnsupported() throws {
        for factors: UInt8 in [0x33, 0x44, 0x31, 0x14] {
            var data = try photo
            let sof = segments(data).first { $0.marker == 0xC0 }!
            data[sof.offset + 11] = factors  // the first component's sampling factors
            #expect(scan(data) == .failure(.unsupported), "factors \(factors)")
            expectSameAsLoader(data, "factors \(factors)")
        }
    }

    @Test func aScanOfOnlyInvalidCodesIsCorruptForEverySplit() throws {
        // Every bit position starts an invalid code: the guessing parts give up after a bounded
        // number of misses instead of retrying at every bit, and the result is the serial one.
        var data = try photo
        let start = scanStart(data)
        let end = data.count - 2
        data.replaceSubrange(
            start..<end, with: Array(repeating: [0xFF, 0x00], count: (end - start) / 2).flatMap { $0 })
        #expect(scan(data) == .failure(.corrupt))
        for threads in 1...3 {
            let result = JPEGScanDecoder.decode(data, pixelLimit: Self.limit, parts: 16, threads: threads).map(\.rgb)
            #expect(result == .failure(.corrupt), "\(threads) threads")
        }
        expectSameAsLoader(data, "all ones")
    }

    @Test func anInvalidHuffmanCodeIsCorrupt() throws {
        var data = try photo
        // 64 one-bits (stuffed): whatever symbol ends inside them, the next code starts with 16
        // one-bits, which no valid table has (libjpeg refuses an all-ones code).
        let at = (scanStart(data) + data.count) / 2 & ~1
        data.replaceSubrange(at..<at + 16, with: Array(repeating: [0xFF, 0x00], count: 8).flatMap { $0 })
        #expect(scan(data) == .failure(.corrupt))
        #expect(scan(data, parts: 3) == .failure(.corrupt))
        expectSameAsLoader(data, "invalid code")
    }
}
