import CascadeTestSupport
import Foundation

/// The X server's current cursor image, read through the XFIXES extension (python3-xlib): how
/// many of its pixels are not fully transparent. GTK's blank cursor has none; any visible
/// cursor has some. This reads what X shows, not what a widget asked for.
enum XCursor {
    /// Opaque pixels of the cursor shown on `display` now, or nil if it cannot be read.
    static func opaquePixels(display: String) -> Int? {
        let script = """
            import sys
            from Xlib import display
            d = display.Display(sys.argv[1])
            d.xfixes_query_version()
            image = d.xfixes_get_cursor_image(d.screen().root)
            print(sum(1 for p in image.cursor_image if (p >> 24) & 0xff))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, display]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        if !waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            waitUntilBlocking(timeout: .seconds(2)) { !process.isRunning }
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits (bounded) until the cursor's opaque pixel count satisfies `condition`; the last count read.
    static func wait(display: String, timeout: Double = 4, _ condition: (Int) -> Bool) -> Int? {
        var last: Int?
        _ = waitUntilBlocking(timeout: .seconds(timeout), interval: .milliseconds(100)) {
            last = opaquePixels(display: display)
            return last.map(condition) ?? false
        }
        return last
    }
}
