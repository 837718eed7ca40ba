import CGtk
import CascadeFolder
import CascadeNumerics

extension PlayerPage {
    /// Shows the frame at the time under the pointer above the position slider: a tile of the
    /// video's sprite from `sprites` (made the first time the slider is hovered; a remote video's
    /// with range requests), with the time; until the sprite is made, the time alone.
    func attachSeekPreviews(_ sprites: SeekPreviewSprites) {
        let view = SeekPreviewView()
        gtk_overlay_add_overlay(surface.overlay.opaque, view.root)
        seekPreview = view
        controlsBar.watchSliderHover { [weak self, weak view] hover in
            guard let self, let view else { return }
            guard let hover, let item = self.item else {
                view.hide()
                return
            }
            let duration = self.controller.snapshot.duration
            if item.videoURL.isFileURL || item.videoURL.scheme == "http" || item.videoURL.scheme == "https",
                let plan = SeekPreviewPlan(
                    duration: duration, videoWidth: Int(saturating: item.width),
                    videoHeight: Int(saturating: item.height))
            {
                view.prepare(video: item.videoURL, plan: plan, sprites: sprites)
            }
            let overlay = self.surface.overlay
            var x = 0.0
            var sliderTop = 0.0
            _ = gtk_widget_translate_coordinates(self.controlsBar.root, overlay, hover.x, 0, &x, &sliderTop)
            var ignored = 0.0
            _ = gtk_widget_translate_coordinates(self.controlsBar.progress, overlay, 0, 0, &ignored, &sliderTop)
            view.show(
                seconds: hover.seconds, x: x, width: Double(gtk_widget_get_width(overlay)),
                bottom: Double(gtk_widget_get_height(overlay)) - sliderTop + 4)
        }
    }
}
