/// The streams an Ogg file starts: every logical stream's first page (flagged "beginning of
/// stream") comes before any other page, and its first packet names the codec.
enum OggStreams {
    /// Codec identifiers (the first bytes of a stream's first packet) of audio codecs.
    private static let audioCodecs: [[UInt8]] = [
        [0x01] + Array("vorbis".utf8), Array("OpusHead".utf8), Array("Speex   ".utf8), [0x7F] + Array("FLAC".utf8),
    ]

    /// Whether every stream begun in `header` is an audio codec: true for an .ogg or .opus song,
    /// false for Theora (with or without Vorbis), for an unknown codec and for a header too short
    /// to tell (a video is never hidden for lack of bytes).
    static func hasOnlyAudio(_ header: [UInt8]) -> Bool {
        var offset = 0
        var sawAudio = false
        // Page header: "OggS", version, flags, granule (8), serial (4), sequence (4), CRC (4),
        // segment count, then the segment table and the payload.
        while offset + 27 <= header.count, header[offset..<offset + 4].elementsEqual("OggS".utf8) {
            let isFirstPage = header[offset + 5] & 0x02 != 0
            guard isFirstPage else { return sawAudio }
            let segments = Int(header[offset + 26])
            let payload = offset + 27 + segments
            guard payload <= header.count else { return false }
            let length = header[(offset + 27)..<payload].reduce(0) { $0 + Int($1) }
            guard payload + 8 <= header.count else { return false }
            let packet = header[payload...]
            guard audioCodecs.contains(where: { packet.starts(with: $0) }) else { return false }
            sawAudio = true
            offset = payload + length
        }
        return false
    }
}
