import CascadeContent
import Foundation

/// The baseline scan: what a Foundation program writes first — `FileManager.enumerator` with
/// resource values, then `FileHandle` to read each regular file's first bytes for sniffing.
enum FoundationEnumeratorScan {
    static let name = "foundation-enumerator"

    static func scan(root: URL) -> Int {
        let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return 0 }
        var found = 0
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
                (values.fileSize ?? 0) > 0, let handle = try? FileHandle(forReadingFrom: url)
            else { continue }
            let head = (try? handle.read(upToCount: ContentSignature.headerLength)) ?? Data()
            try? handle.close()
            if ContentSignature(header: head).isVideo { found += 1 }
        }
        return found
    }
}
