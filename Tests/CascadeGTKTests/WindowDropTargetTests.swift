import CGtk
import Foundation
import Testing

@testable import CascadeGTK

/// The window's drop target reads what GTK delivers through its `drop` signal: a `GdkFileList`
/// (what a file manager's `text/uri-list` becomes) or a string holding a URI list.
@MainActor @Suite(.serialized, .needsDisplay) struct WindowDropTargetTests {
    @Test func aFileListReachesTheHandlerThroughTheDropSignal() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
        let widget = try #require(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
        defer { g_object_unref(UnsafeMutableRawPointer(widget)) }
        let target = WindowDropTarget(on: widget)
        var received: [[String]] = []
        var others: [Int] = []
        target.onDrop = { paths, count in
            received.append(paths)
            others.append(count)
            return true
        }

        // Two local files and one that is no local file (no path: a URI GIO has no backend for).
        var files: [OpaquePointer?] = [
            g_file_new_for_path("/videos/My clip.mp4"), g_file_new_for_path("/videos/Holiday"),
            g_file_new_for_uri("https://example.com/remote.mp4"),
        ]
        let list = gdk_file_list_new_from_array(&files, gsize(files.count))
        for file in files { g_object_unref(UnsafeMutableRawPointer(file)) }
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(list))
        defer { g_value_unset(&value) }

        #expect(cascade_drop_target_emit_drop(target.controller, &value, 20, 30) != 0)
        #expect(received == [["/videos/My clip.mp4", "/videos/Holiday"]])
        #expect(others == [1])
    }

    @Test func aStringIsReadAsAURIListAndOtherTypesAreNotTaken() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
        let widget = try #require(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
        defer { g_object_unref(UnsafeMutableRawPointer(widget)) }
        let target = WindowDropTarget(on: widget)
        var received: [[String]] = []
        target.onDrop = { paths, count in
            received.append(paths + ["others: \(count)"])
            return true
        }

        var text = GValue()
        g_value_init(&text, WindowDropTarget.stringType)
        defer { g_value_unset(&text) }
        g_value_set_string(&text, "file:///videos/%E8%A7%86%E9%A2%91.mp4\r\nhttp://example.com/a.mp4\r\n")
        #expect(cascade_drop_target_emit_drop(target.controller, &text, 0, 0) != 0)
        #expect(received == [["/videos/视频.mp4", "others: 1"]])

        var number = GValue()
        g_value_init(&number, GType(6 << 2))  // G_TYPE_INT
        #expect(cascade_drop_target_emit_drop(target.controller, &number, 0, 0) == 0)
        #expect(received.count == 1)

        target.onDrop = nil
        #expect(cascade_drop_target_emit_drop(target.controller, &text, 0, 0) == 0)
    }
}
