import CPixbuf
import Testing

@Suite struct LinkTests {
    @Test func gdkPixbufKnowsPNGAndJPEG() {
        var names: [String] = []
        var list = gdk_pixbuf_get_formats()
        let head = list
        while let node = list {
            if let data = node.pointee.data, let name = gdk_pixbuf_format_get_name(OpaquePointer(data)) {
                names.append(String(cString: name))
                g_free(name)
            }
            list = node.pointee.next
        }
        g_slist_free(head)
        #expect(names.contains("png"))
        #expect(names.contains("jpeg"))
    }
}
