import CGtk
import CascadePlayer
import CascadeScreens

/// The controls' Audio and Subtitles menus (`GtkDropDown`s over `TrackList.entries`), each shown
/// only when it offers a choice (`TrackList.offersChoice`): two audio tracks or more, one
/// subtitle track or more (with "Off").
@MainActor
package final class PlayerTrackMenus {
    /// The audio track menu.
    package let audio: UnsafeMutablePointer<GtkWidget>
    /// The subtitle menu ("Off" first).
    package let subtitles: UnsafeMutablePointer<GtkWidget>
    /// Called with the audio track chosen.
    var onAudio: ((String) -> Void)?
    /// Called with the subtitle track chosen, nil for "Off".
    var onSubtitle: ((String?) -> Void)?
    /// Called for any choice (keeps the controls shown).
    var onInteraction: (() -> Void)?

    private let audioModel: OpaquePointer
    private let subtitleModel: OpaquePointer
    private var shown = TrackList()
    private var audioIDs: [String?] = []
    private var subtitleIDs: [String?] = []
    private var isUpdating = false

    // MARK: Lifecycle

    /// Creates both menus, hidden until `render` has tracks to offer.
    init() {
        audioModel = gtk_string_list_new(nil)!
        subtitleModel = gtk_string_list_new(nil)!
        // The drop-downs take the models' references.
        audio = gtk_drop_down_new(audioModel, nil)
        subtitles = gtk_drop_down_new(subtitleModel, nil)
        for (menu, tooltip, label) in [
            (audio, "Audio track (B)", "Audio track"), (subtitles, "Subtitles (V)", "Subtitles"),
        ] {
            gtk_widget_set_valign(menu, GTK_ALIGN_CENTER)
            gtk_widget_set_visible(menu, 0)
            gtk_widget_set_tooltip_text(menu, Localization.text(tooltip))
            Accessible.setLabel(menu, Localization.text(label))
        }
        Signal.connectNotify(audio.raw, "selected") { [weak self] in
            guard let self, !self.isUpdating, let id = self.chosen(in: self.audio, ids: self.audioIDs) ?? nil else {
                return
            }
            self.onInteraction?()
            self.onAudio?(id)
        }
        Signal.connectNotify(subtitles.raw, "selected") { [weak self] in
            guard let self, !self.isUpdating, let id = self.chosen(in: self.subtitles, ids: self.subtitleIDs) else {
                return
            }
            self.onInteraction?()
            self.onSubtitle?(id)
        }
    }

    // MARK: Rendering

    /// Shows `list`: its entries (labels translated), the track playing selected, each menu
    /// visible only when it offers a choice.
    func render(_ list: TrackList) {
        guard list != shown else { return }
        shown = list
        isUpdating = true
        defer { isUpdating = false }
        let locale = Localization.locale
        audioIDs = fill(audio, model: audioModel, entries: list.entries(.audio, locale: locale))
        subtitleIDs = fill(subtitles, model: subtitleModel, entries: list.entries(.subtitle, locale: locale))
        gtk_widget_set_visible(audio, list.offersChoice(.audio) ? 1 : 0)
        gtk_widget_set_visible(subtitles, list.offersChoice(.subtitle) ? 1 : 0)
    }

    /// The label the audio menu shows (for the report), nil while hidden.
    package var audioText: String? { selectedText(audio) }
    /// The label the subtitle menu shows (for the report), nil while hidden.
    package var subtitleText: String? { selectedText(subtitles) }

    // MARK: Private

    /// Replaces `model`'s strings with `entries`' labels and selects the one playing; returns
    /// the track id of each line.
    private func fill(
        _ menu: UnsafeMutablePointer<GtkWidget>, model: OpaquePointer, entries: [TrackList.Entry]
    ) -> [String?] {
        var strings: [UnsafeMutablePointer<CChar>?] = entries.map { strdup(Localization.text($0.label)) } + [nil]
        defer { for string in strings { free(string) } }
        let count = g_list_model_get_n_items(model)
        strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(model, 0, count, $0)
            }
        }
        let selected = entries.firstIndex(where: \.isSelected).map { guint(clamping: $0) } ?? guint.max
        gtk_drop_down_set_selected(OpaquePointer(menu), selected)
        return entries.map(\.trackID)
    }

    /// The id of the line selected in `menu` (`.some(nil)` for "Off"), nil when none is.
    private func chosen(in menu: UnsafeMutablePointer<GtkWidget>, ids: [String?]) -> String?? {
        let index = Int(clamping: gtk_drop_down_get_selected(OpaquePointer(menu)))
        return ids.indices.contains(index) ? .some(ids[index]) : nil
    }

    private func selectedText(_ menu: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard gtk_widget_is_visible(menu) != 0, let item = gtk_drop_down_get_selected_item(OpaquePointer(menu)),
            let text = gtk_string_object_get_string(OpaquePointer(item))
        else { return nil }
        return String(cString: text)
    }
}
