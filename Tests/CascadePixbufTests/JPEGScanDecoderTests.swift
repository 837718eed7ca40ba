import CascadeImages
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadePixbuf

/// The 1/8-scale JPEG decoder against gdk-pixbuf's loader (same pixels), and its parallel decode
/// against its one-thread decode (identical for every split).
@Suite struct JPEGScanDecoderTests {
    private static let limit = PixbufImageDecoder.defaultPixelLimit

    private func serial(_ data: Data) -> Result<JPEGScanDecoder.Output, JPEGScanDecoder.Failure> {
        JPEGScanDecoder.decode(data, pixelLimit: Self.limit, parts: 1)
    }

    /// `count` increasing fractions in (0, 1).
    private func splits(_ count: Int, _ random: inout SeededGenerator) -> [Double] {
        (0..<count).map { _ in Double.random(in: 0.001..<0.999, using: &random) }.sorted()
    }

    @Test(arguments: JPEGScanFixtures.supported)
    func matchesTheLoadersEighthScale(_ recipe: JPEGScanFixtures.Recipe) throws {
        let url = try JPEGScanFixtures.url(recipe)
        let expected = try JPEGScanFixtures.loaderEighth(url, width: recipe.width, height: recipe.height)
        let output = try serial(Data(contentsOf: url)).get()
        #expect(output.width == (recipe.width + 7) / 8 && output.height == (recipe.height + 7) / 8)
        #expect(output.rgb.count == expected.count)
        let largest = zip(output.rgb, expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        // libjpeg-turbo's arithmetic is reproduced exactly; the tolerance only allows for a
        // different SIMD rounding on another machine.
        #expect(largest <= 2, "\(recipe): largest difference \(largest)")
    }

    @Test(arguments: JPEGScanFixtures.recipes.filter { !$0.supported })
    func refusesWhatItDoesNotHandle(_ recipe: JPEGScanFixtures.Recipe) throws {
        let data = try JPEGScanFixtures.data(recipe)
        #expect(JPEGScanDecoder.supportedSize(of: data) == nil)
        #expect(serial(data).map(\.rgb) == .failure(.unsupported))
    }

    @Test(arguments: JPEGScanFixtures.supported)
    func everySplitGivesTheSerialResult(_ recipe: JPEGScanFixtures.Recipe) throws {
        let data = try JPEGScanFixtures.data(recipe)
        let expected = try serial(data).get()
        var random = SeededGenerator(seed: UInt64(recipe.name.utf8.count * 7919 + recipe.width))
        for parts in 2...12 {
            for _ in 0..<5 {
                let points = splits(parts - 1, &random)
                let threads = Int.random(in: 1...3, using: &random)
                let output = try JPEGScanDecoder.decode(
                    data, pixelLimit: Self.limit, parts: parts, threads: threads, splitPoints: points
                ).get()
                #expect(output.rgb == expected.rgb, "\(recipe) split at \(points) on \(threads) threads")
                #expect(output.parts <= parts && output.threads <= threads)
            }
        }
        // Even splits, as the app uses them (4 parts per thread).
        for threads in 2...4 {
            let output = try JPEGScanDecoder.decode(data, pixelLimit: Self.limit, parts: threads * 4, threads: threads)
            #expect(try output.get().rgb == expected.rgb)
        }
    }

    @Test(arguments: [false, true])
    func gdkPixbufsOwnJPEGsLikeTheBenchsPhotos(noisy: Bool) throws {
        // gdk-pixbuf's encoder (the bench's), at a size a test can afford.
        let data = try JPEGScanFixtures.benchLikePhoto(width: 1000, height: 750, noisy: noisy)
        let expected = try serial(data).get()
        let target = PixelSize(width: 100, height: 75)
        let scanned = try PixbufImageDecoder().decode(data, targetSize: target)
        let loaded = try PixbufImageDecoder(parallelJPEG: false).decode(data, targetSize: target)
        let largest = zip(scanned.pixels, loaded.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(scanned.width == loaded.width && scanned.height == loaded.height && largest <= 2)
        var random = SeededGenerator(seed: noisy ? 11 : 12)
        for parts in [2, 5, 16, 32] {
            let points = splits(parts - 1, &random)
            let output = JPEGScanDecoder.decode(
                data, pixelLimit: Self.limit, parts: parts, threads: 2, splitPoints: points)
            #expect(try output.get().rgb == expected.rgb, "split at \(points)")
        }
    }

    @Test func guessedPartsJoinOnAPhoto() throws {
        let data = try JPEGScanFixtures.data(JPEGScanFixtures.recipes[0])
        let output = try JPEGScanDecoder.decode(data, pixelLimit: Self.limit, parts: 8, threads: 2).get()
        // Each guessed part synchronised with the exact decode before its own end (else the
        // part before it would have decoded on to the end of the data alone).
        #expect(output.parts == 8 && output.threads == 2 && output.partsJoined == 7)
    }

    @Test(arguments: JPEGScanFixtures.supported.filter { $0.width >= 100 })
    func damagedDataGivesTheSerialResultForEverySplit(_ recipe: JPEGScanFixtures.Recipe) throws {
        let original = try JPEGScanFixtures.data(recipe)
        var random = SeededGenerator(seed: UInt64(recipe.height) &* 31 &+ 5)
        // Flip bytes in the second half of the file (the entropy-coded data).
        for _ in 0..<12 {
            var data = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: data.count / 2..<data.count - 2, using: &random)
                data[index] ^= UInt8.random(in: 1...255, using: &random)
            }
            let expected = serial(data).map(\.rgb)
            for parts in 2...5 {
                let points = splits(parts - 1, &random)
                let result = JPEGScanDecoder.decode(
                    data, pixelLimit: Self.limit, parts: parts, threads: 2, splitPoints: points)
                #expect(result.map(\.rgb) == expected, "\(recipe) split at \(points)")
            }
        }
    }

    @Test func theDecoderRoutesA1in8DecodeToTheSamePixelsAsTheLoader() throws {
        for recipe in JPEGScanFixtures.recipes where recipe.width >= 600 {
            let data = try JPEGScanFixtures.data(recipe)
            // 1200 x 900 into 140 x 140: fitted 140 x 105, which libjpeg reaches at 1/8 (150 x 113).
            let target = PixelSize(width: 140, height: 140)
            let scanned = try PixbufImageDecoder().decodeMeasured(data, targetSize: target)
            let loaded = try PixbufImageDecoder(parallelJPEG: false).decodeMeasured(data, targetSize: target)
            #expect(scanned.statistics == loaded.statistics)
            #expect(scanned.image.width == loaded.image.width && scanned.image.height == loaded.image.height)
            let largest = zip(scanned.image.pixels, loaded.image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 2, "\(recipe): largest difference \(largest)")
        }
    }

    @Test func aLargerTargetStaysWithTheLoader() throws {
        let data = try JPEGScanFixtures.data(JPEGScanFixtures.recipes[0])
        // 1/4 scale (300 x 225) is what covers 280 x 210: not this decoder's case.
        let target = PixelSize(width: 280, height: 280)
        let result = try PixbufImageDecoder().decodeMeasured(data, targetSize: target)
        #expect(result.statistics.loadedSize == PixelSize(width: 300, height: 225))
    }
}
