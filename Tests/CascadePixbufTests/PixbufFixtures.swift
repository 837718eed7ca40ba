import CascadeTestSupport
import Foundation

/// Image files generated once per test run with ImageMagick, in a temporary folder.
enum PixbufFixtures {
    /// The folder holding the generated files: one fixed folder reused across runs (the files
    /// are deterministic and written atomically), so repeated runs leave nothing behind.
    static let folder: URL = {
        let url = TestCache.directory.appendingPathComponent("pixbuf-fixtures-v1")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// ImageMagick arguments (output last) for each fixture.
    private static let recipes: [String: [String]] = [
        "photo.jpg": ["-size", "800x600", "gradient:red-blue", "-quality", "90", "JPEG:{out}"],
        "alpha.png": [
            "-size", "64x48", "xc:none", "-fill", "rgba(255,0,0,0.5)", "-draw", "rectangle 0,0 31,47", "PNG32:{out}",
        ],
        "opaque.png": ["-size", "64x48", "xc:#00ff00", "PNG24:{out}"],
        "image.webp": ["-size", "64x48", "xc:#0000ff", "-quality", "90", "WEBP:{out}"],
        "anim.gif": ["-delay", "10", "-size", "40x30", "xc:#ff0000", "xc:#0000ff", "-loop", "0", "GIF:{out}"],
    ]

    /// An arithmetic-coded JPEG (red left half, blue right half, 800 × 600), which ImageMagick 6
    /// cannot write: libjpeg-turbo's own `cjpeg -arithmetic` encodes ImageMagick's PPM.
    static func arithmeticJPEG() throws -> Data {
        let file = folder.appendingPathComponent("arith.jpg")
        if let data = try? Data(contentsOf: file) { return data }
        guard let convert = ChildProcess.which("convert"), let cjpeg = ChildProcess.which("cjpeg") else {
            throw ChildProcess.Failure(description: "convert or cjpeg is missing (scripts/install-deps.sh)")
        }
        let ppm = folder.appendingPathComponent("\(UUID().uuidString).ppm")
        defer { try? FileManager.default.removeItem(at: ppm) }
        try ChildProcess.run(
            convert,
            ["-size", "800x600", "xc:red", "-fill", "blue", "-draw", "rectangle 400,0 799,599", "PPM:\(ppm.path)"])
        let temporary = folder.appendingPathComponent("\(UUID().uuidString)-arith.jpg")
        try ChildProcess.run(cjpeg, ["-arithmetic", "-quality", "90", "-outfile", temporary.path, ppm.path])
        _ = rename(temporary.path, file.path)
        return try Data(contentsOf: file)
    }

    /// The bytes of fixture `name`, generating it on first use.
    static func data(_ name: String) throws -> Data {
        let file = folder.appendingPathComponent(name)
        if let data = try? Data(contentsOf: file) { return data }
        guard let recipe = recipes[name] else { throw ChildProcess.Failure(description: "no fixture \(name)") }
        guard let convert = ChildProcess.which("convert") else {
            throw ChildProcess.Failure(description: "ImageMagick's convert is not installed (scripts/install-deps.sh)")
        }
        // Generate into a unique file, then rename: tests run in parallel.
        let temporary = folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try ChildProcess.run(convert, recipe.map { $0.replacingOccurrences(of: "{out}", with: temporary.path) })
        _ = rename(temporary.path, file.path)
        return try Data(contentsOf: file)
    }

    /// The file URL of fixture `name`, generating it on first use.
    static func url(_ name: String) throws -> URL {
        _ = try data(name)
        return folder.appendingPathComponent(name)
    }
}
