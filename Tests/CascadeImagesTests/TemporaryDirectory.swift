import Foundation

/// A fresh folder under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init(_ label: String = "cascade-images") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
