import CGStreamer
import Synchronization

/// What a pipeline fed by a `FrameMailbox` receives on the main thread: its appsink's newest
/// sample and its bus messages. Both the hover previews and the player's pipeline are fed so.
@MainActor
protocol SampleReceiving: AnyObject {
    /// The newest sample (borrowed for the call).
    func deliver(_ sample: OpaquePointer)
    /// A bus message (borrowed for the call).
    func handle(_ message: UnsafeMutablePointer<GstMessage>)
}

/// The one-slot handover of samples from GStreamer's streaming thread to the main loop.
final class FrameMailbox: @unchecked Sendable {
    /// The waiting sample travels as its address, so the slot is plain `Sendable` data.
    private struct Slot {
        var sample = 0
        var idlePending = false
        var closed = false
    }

    private let slot = Mutex(Slot())
    /// The size frames are scaled to cover.
    let box: FrameSize
    /// The pipeline to hand frames and bus messages to; main thread only.
    weak var owner: (any SampleReceiving)?

    init(box: FrameSize) { self.box = box }

    deinit { Self.unref(slot.withLock { $0.sample }) }

    /// Pulls every preroll and sample of `sink` into the slot.
    func attach(sink: UnsafeMutablePointer<GstElement>) {
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_preroll = { sink, data in
            guard let sink, let data, let sample = gst_app_sink_pull_preroll(sink) else { return GST_FLOW_OK }
            Unmanaged<FrameMailbox>.fromOpaque(data).takeUnretainedValue().post(Int(bitPattern: sample))
            return GST_FLOW_OK
        }
        callbacks.new_sample = { sink, data in
            guard let sink, let data, let sample = gst_app_sink_pull_sample(sink) else { return GST_FLOW_OK }
            Unmanaged<FrameMailbox>.fromOpaque(data).takeUnretainedValue().post(Int(bitPattern: sample))
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(
            UnsafeMutablePointer<GstAppSink>(OpaquePointer(sink)), &callbacks, Unmanaged.passRetained(self).toOpaque(),
            { data in Unmanaged<FrameMailbox>.fromOpaque(data!).release() })
    }

    /// Hands `bus`'s messages to the owner from the GLib default main context; returns the
    /// watch's source id.
    func watch(_ bus: UnsafeMutablePointer<GstBus>) -> guint {
        gst_bus_add_watch_full(
            bus, G_PRIORITY_DEFAULT,
            { _, message, data in
                guard let message, let data else { return 1 }
                let mailbox = Unmanaged<FrameMailbox>.fromOpaque(data).takeUnretainedValue()
                // The message travels as its address (borrowed for this call, on this thread).
                let address = Int(bitPattern: message)
                MainActor.assumeIsolated {
                    mailbox.owner?.handle(UnsafeMutablePointer<GstMessage>(bitPattern: address)!)
                }
                return 1
            }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<FrameMailbox>.fromOpaque(data!).release() })
    }

    /// Any thread: keeps `sample` (owned) as the newest, and wakes the main loop once.
    private func post(_ sample: Int) {
        let (replaced, wake) = slot.withLock { slot -> (Int, Bool) in
            if slot.closed { return (sample, false) }
            let old = slot.sample
            slot.sample = sample
            let wake = !slot.idlePending
            slot.idlePending = true
            return (old, wake)
        }
        Self.unref(replaced)
        guard wake else { return }
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                let mailbox = Unmanaged<FrameMailbox>.fromOpaque(data!).takeUnretainedValue()
                let sample = mailbox.slot.withLock { slot -> Int in
                    slot.idlePending = false
                    defer { slot.sample = 0 }
                    return slot.sample
                }
                guard sample != 0 else { return 0 }
                MainActor.assumeIsolated { mailbox.owner?.deliver(OpaquePointer(bitPattern: sample)!) }
                FrameMailbox.unref(sample)
                return 0
            }, Unmanaged.passRetained(self).toOpaque(), { data in Unmanaged<FrameMailbox>.fromOpaque(data!).release() })
    }

    /// Drops the waiting sample; later samples are dropped on arrival.
    func close() {
        Self.unref(
            slot.withLock { slot -> Int in
                slot.closed = true
                defer { slot.sample = 0 }
                return slot.sample
            })
    }

    /// Releases the sample at address `sample` (nothing for 0).
    private static func unref(_ sample: Int) {
        guard let pointer = OpaquePointer(bitPattern: sample) else { return }
        gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(pointer))
    }
}
