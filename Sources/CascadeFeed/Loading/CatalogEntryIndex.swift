import Foundation

/// Where each `info_list` entry of a catalog's `feed.json` lies in the file: the start and end
/// byte offsets of every entry, 8 bytes an entry, in place of the parsed entries (a tree of
/// dictionaries and strings costing about 900 bytes an entry on Linux).
///
/// `LocalCatalogLoader` builds it from one full parse of the file, which validates all of it,
/// and reads a page's entries again from their bytes when the page is asked for.
struct CatalogEntryIndex: Sendable {
    /// The version of the file the offsets belong to.
    let version: LocalFileReader.FileVersion?
    /// Start and end offset of entry *i* at `2i` and `2i + 1` (files are at most
    /// `FeedCatalog.maximumFileBytes`, far below 4 GiB).
    private let offsets: [UInt32]

    /// Indexes `data`, the whole `feed.json` of `version`.
    /// - Throws: `FeedError.badPayload` when it is not JSON or has no `data.info_list` array.
    /// - Complexity: O(*n*) in the file's size; the parsed tree is dropped before it returns.
    init(data: Data, version: LocalFileReader.FileVersion?) throws(FeedError) {
        let parsed: (value: JSONValue, elements: [Range<Int>])
        do {
            parsed = try JSONParser.parse(data, recordingElementsAt: ["data", "info_list"])
        } catch {
            throw .badPayload(.notJSON)
        }
        guard case .array(let list)? = parsed.value["data"]?["info_list"], list.count == parsed.elements.count,
            (parsed.elements.last?.upperBound ?? 0) <= Int(UInt32.max)
        else {
            throw .badPayload(.wrongShape(path: "data.info_list"))
        }
        var offsets: [UInt32] = []
        offsets.reserveCapacity(parsed.elements.count * 2)
        for range in parsed.elements {
            offsets.append(UInt32(range.lowerBound))
            offsets.append(UInt32(range.upperBound))
        }
        self.version = version
        self.offsets = offsets
    }

    /// The number of entries.
    var count: Int { offsets.count / 2 }

    /// The bytes holding entries `entries` (a non-empty range below `count`), from the first
    /// one's start to the last one's end, with the commas between them.
    func byteRange(of entries: Range<Int>) -> Range<Int> {
        Int(offsets[2 * entries.lowerBound])..<Int(offsets[2 * entries.upperBound - 1])
    }

    /// The entries `entries` parsed from `bytes`, the contents of `byteRange(of: entries)`;
    /// nil when those bytes are not that many JSON values any more (the file changed).
    static func entries(_ entries: Range<Int>, from bytes: Data) -> [JSONValue]? {
        var text = Data(capacity: bytes.count + 2)
        text.append(UInt8(ascii: "["))
        text.append(bytes)
        text.append(UInt8(ascii: "]"))
        guard case .array(let list)? = try? JSONParser.parse(text), list.count == entries.count else { return nil }
        return list
    }
}
