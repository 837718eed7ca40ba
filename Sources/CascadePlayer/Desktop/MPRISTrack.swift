import Foundation

/// The video an MPRIS player presents: what the host knows about the item on the player page.
public struct MPRISTrack: Equatable, Sendable {
    /// The object path MPRIS uses for "no track".
    public static let noTrackPath = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// The item's stable id (any characters).
    public var id: String
    /// The title shown (`xesam:title`).
    public var title: String
    /// The cover (`mpris:artUrl`), when it is a file or http(s) URL a desktop can read.
    public var artURL: URL?

    /// Creates a track; `artURL` is dropped unless its scheme is `file`, `http` or `https`.
    public init(id: String, title: String, artURL: URL?) {
        self.id = id
        self.title = title
        let scheme = artURL?.scheme?.lowercased()
        self.artURL = ["file", "http", "https"].contains(scheme ?? "") ? artURL : nil
    }

    /// `mpris:trackid`: a D-Bus object path under the app's, one element made of the id's bytes
    /// (letters and digits as they are, every other byte `_` and two hex digits), since an
    /// object path element allows only `[A-Za-z0-9_]`.
    public var objectPath: String {
        var element = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                element.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16)
                element += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return "/org/cascade/Feed/track/" + (element.isEmpty ? "_" : element)
    }
}
