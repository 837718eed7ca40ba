/// The canonical `file://` URI of a local path as GLib's `g_filename_to_uri` writes it, which is
/// what desktop thumbnailers hash: the path's bytes, with every byte outside the letters, digits
/// and `!$&'()*+,-./:=@_~` escaped as `%XX` (upper-case hex).
///
/// Two programs must produce the same string for a file to share its thumbnail, so this follows
/// GLib byte for byte rather than Foundation's `URL.absoluteString` (which differs on `;`, `[`,
/// `]` and others).
public enum FileURI {
    private static let allowed: Set<UInt8> = Set(
        Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$&'()*+,-./:=@_~".utf8))
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The URI of an absolute path.
    public static func from(path: String) -> String {
        var out: [UInt8] = Array("file://".utf8)
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xf)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
