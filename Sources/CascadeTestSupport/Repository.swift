import Foundation

/// Locations inside the repository, for tests that read scripts or fixtures.
public enum Repository {
    /// The repository root (the folder that holds Package.swift), found from this file's path.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()
}
