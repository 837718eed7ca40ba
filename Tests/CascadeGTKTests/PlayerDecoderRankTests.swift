import CGStreamer
import CascadeGStreamer
import CascadeGTK
import CascadeTestSupport
import Foundation
import Testing

/// The player decodes with the decoder GStreamer ranks highest, so hardware decoders (the VA-API
/// plugins, ranked above software where a device is present) are used when the machine has
/// them and never required: nothing in the player names a decoder.
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerDecoderRankTests {
    let fixture: PlayerEngineFixture

    init() throws { fixture = try PlayerEngineFixture() }

    @Test func theDecoderUsedIsTheOneRankedHighest() throws {
        // openh264 stands in for a hardware decoder: raised above libav's, it is the one used.
        let raised = try #require(Feature("openh264dec"), "gstreamer1.0-plugins-bad's openh264 is not installed")
        let software = try #require(Feature("avdec_h264"))
        raised.rank = software.rank + 1
        #expect(try decoders() == ["openh264dec"])
        raised.restore()
        #expect(try decoders() == ["avdec_h264"])
        // Where the machine has a VA-API device (this one has no /dev/dri), GStreamer's own rank decides.
        if let hardware = Feature("vah264dec"), hardware.rank > software.rank {
            #expect(try decoders() == ["vah264dec"])
        }
    }

    /// The video decoders in the player's pipeline once it plays the fixture's H.264 clip.
    private func decoders() throws -> [String] {
        let (engine, log) = fixture.makeEngine()
        defer { engine.stop() }
        engine.load(fixture.clips.clip)
        engine.play()
        #expect(MainLoopBridge.run(until: { (log.lastPosition ?? 0) > 0.2 || log.failure != nil }, timeout: 10))
        try #require(log.failure == nil, "\(log.failure ?? "")")
        let elements = try #require(engine.pipeline).elementFactories
        return elements.compactMap { entry in
            let name = String(entry.split(separator: "/").last ?? "")
            return ["avdec_h264", "openh264dec", "vah264dec", "vaapih264dec"].contains(name) ? name : nil
        }
    }
}

/// A plugin feature in GStreamer's registry, whose rank a test changes and puts back.
private final class Feature {
    private let feature: OpaquePointer
    private let original: guint

    init?(_ name: String) {
        if gst_is_initialized() == 0 { gst_init(nil, nil) }
        guard let found = gst_registry_lookup_feature(gst_registry_get(), name) else { return nil }
        feature = found
        original = gst_plugin_feature_get_rank(found)
    }

    deinit {
        gst_plugin_feature_set_rank(feature, original)
        gst_object_unref(UnsafeMutableRawPointer(feature))
    }

    var rank: guint {
        get { gst_plugin_feature_get_rank(feature) }
        set { gst_plugin_feature_set_rank(feature, newValue) }
    }

    func restore() { rank = original }
}
