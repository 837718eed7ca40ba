import Foundation

/// Identifiers derived from content, identical across runs and platforms (unlike `hashValue`,
/// which Swift seeds randomly per process).
public enum StableID {
    /// `"v-"` followed by the 64-bit FNV-1a hash of the URL's absolute string, in hex.
    public static func derived(from url: URL) -> String {
        derived(fromText: url.absoluteString)
    }

    /// `"v-"` followed by the 64-bit FNV-1a hash of `text`'s UTF-8 bytes, in hex.
    public static func derived(fromText text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "v-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
