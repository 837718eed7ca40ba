import CGtk
import CascadeFolder
import CascadeImages
import CascadePixbuf
import CascadePlayer
import Foundation

/// The frame at the time under the pointer, shown above the position slider while it is
/// hovered or dragged: a tile of the video's seek-preview sprite (`SeekPreviewSprites`, made
/// the first time the slider is hovered) over the time it stands for. Until the sprite is ready
/// (or for a video that has none: a stream, no decodable frame) only the time shows.
@MainActor
package final class SeekPreviewView {
    /// The overlay child (aligned to the bottom left of the video; moved by its margins).
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The tile shown (for the report): its index and the time it shows.
    package private(set) var shown: (tile: Int?, seconds: Double)?

    private let picture: UnsafeMutablePointer<GtkWidget>
    private let label: OpaquePointer
    private var tiles: [OpaquePointer] = []
    private var plan: SeekPreviewPlan?
    private var loading: Task<Void, Never>?
    private var key: String?

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        gtk_widget_add_css_class(root, "seek-preview")
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(OpaquePointer(picture), 0)
        gtk_widget_set_visible(picture, 0)
        label = OpaquePointer(gtk_label_new("0:00"))
        gtk_widget_add_css_class(label.widget, "player-time")
        gtk_box_append(root.as(GtkBox.self), picture)
        gtk_box_append(root.as(GtkBox.self), label.widget)
    }

    isolated deinit {
        loading?.cancel()
        for tile in tiles { g_object_unref(UnsafeMutableRawPointer(tile)) }
    }

    /// Makes (or finds) the sprite of the local video at `path` under `plan` once, for the
    /// tiles shown from then on; another video drops the tiles of the last.
    func prepare(video: URL, plan: SeekPreviewPlan, sprites: SeekPreviewSprites) {
        let key = video.absoluteString + "|" + String(plan.count) + "|" + String(plan.duration)
        guard key != self.key else { return }
        reset()
        self.key = key
        loading = Task { [weak self] in
            guard let png = await sprites.sprite(video: video, plan: plan) else { return }
            let image = await Task.detached(priority: .utility) {
                try? PixbufImageDecoder().decode(Data(png), targetSize: nil)
            }.value
            guard let self, !Task.isCancelled, self.key == key, let image else { return }
            self.tiles = Self.cut(image, by: plan, forCairo: Renderer.isCairo(self.root) ?? false)
            self.plan = plan
        }
    }

    /// Forgets the video's tiles (the page shows another video or none).
    func reset() {
        loading?.cancel()
        loading = nil
        key = nil
        plan = nil
        gtk_picture_set_paintable(OpaquePointer(picture), nil)
        for tile in tiles { g_object_unref(UnsafeMutableRawPointer(tile)) }
        tiles = []
        hide()
    }

    /// Shows the frame at `seconds` centred over `x` (in the overlay, whose width is `width`),
    /// its bottom `bottom` points above the overlay's bottom edge.
    func show(seconds: Double, x: Double, width: Double, bottom: Double) {
        let seconds = seconds.isFinite ? max(0, seconds) : 0
        gtk_label_set_text(label, PlayerTimeFormatter.string(from: seconds))
        var tile: Int?
        if let plan, !tiles.isEmpty {
            let index = min(plan.tile(at: seconds), tiles.count - 1)
            gtk_picture_set_paintable(OpaquePointer(picture), tiles[index])
            gtk_widget_set_size_request(
                picture, Int32(clamping: SeekPreviewPlan.tileWidth), Int32(clamping: plan.tileHeight))
            tile = index
        }
        gtk_widget_set_visible(picture, tile == nil ? 0 : 1)
        let boxWidth = Double(tile == nil ? 60 : SeekPreviewPlan.tileWidth + 8)
        let start = min(max(4, x - boxWidth / 2), max(4, width - boxWidth - 4))
        gtk_widget_set_margin_start(root, Int32(saturatingRounded: start))
        gtk_widget_set_margin_bottom(root, Int32(saturatingRounded: max(0, bottom)))
        gtk_widget_set_visible(root, 1)
        shown = (tile, seconds)
    }

    /// Hides the preview.
    func hide() {
        gtk_widget_set_visible(root, 0)
        shown = nil
    }

    // MARK: Private

    /// One texture per tile of the decoded sprite.
    private static func cut(_ image: DecodedImage, by plan: SeekPreviewPlan, forCairo: Bool) -> [OpaquePointer] {
        let width = SeekPreviewPlan.tileWidth
        let height = plan.tileHeight
        guard image.width >= plan.spriteWidth, image.height >= plan.spriteHeight else { return [] }
        return (0..<plan.count).compactMap { index in
            let origin = plan.origin(ofTile: index)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for row in 0..<height {
                let source = (origin.y + row) * image.bytesPerRow + origin.x * 4
                pixels.replaceSubrange(
                    row * width * 4..<(row + 1) * width * 4, with: image.pixels[source..<source + width * 4])
            }
            return TextureFactory.texture(
                from: DecodedImage(
                    width: width, height: height, bytesPerRow: width * 4, pixels: pixels, hasAlpha: false),
                forCairo: forCairo)
        }
    }
}
