import CGtk
import CascadePlayer

/// The choice offered over a video left partway: "Resume from 1:23" (the default: focused, and
/// what Space or play does) and "Start over"; it shows `PlayerSnapshot.resumeOffer` and reports
/// clicks. The time is written as the controls write it (`PlayerTimeFormatter`), translated.
@MainActor
package final class PlayerResumeOffer {
    /// The row of buttons, centred on the video.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// "Resume from 1:23".
    let resumeButton: UnsafeMutablePointer<GtkWidget>
    /// "Start over".
    let startOverButton: UnsafeMutablePointer<GtkWidget>

    /// Creates the hidden offer.
    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(root, "player-resume")
        root.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        resumeButton = gtk_button_new_with_label("")
        gtk_widget_add_css_class(resumeButton, "suggested-action")
        startOverButton = gtk_button_new_with_label(Localization.text("Start over"))
        gtk_box_append(root.as(GtkBox.self), resumeButton)
        gtk_box_append(root.as(GtkBox.self), startOverButton)
        gtk_widget_set_visible(root, 0)
    }

    /// The text of "Resume from …" for `position` seconds, in the user's language.
    static func resumeText(_ position: Double) -> String {
        Localization.text("Resume from \(PlayerTimeFormatter.string(from: position))")
    }

    /// Shows the offer for `offer` (nil hides it).
    func render(_ offer: ResumePoint?) {
        guard let offer else {
            gtk_widget_set_visible(root, 0)
            return
        }
        gtk_button_set_label(resumeButton.as(GtkButton.self), Self.resumeText(offer.position))
        gtk_widget_set_visible(root, 1)
    }

    /// Whether the offer is shown.
    var isVisible: Bool { gtk_widget_get_visible(root) != 0 }

    /// The resume button's label as drawn, nil when the offer is hidden.
    package var resumeLabel: String? {
        guard isVisible, let label = gtk_button_get_label(resumeButton.as(GtkButton.self)) else { return nil }
        return String(cString: label)
    }

    /// Gives the default choice the keyboard focus; returns whether it took it.
    @discardableResult
    func focusDefault() -> Bool {
        isVisible && gtk_widget_grab_focus(resumeButton) != 0
    }

    /// Whether the resume button has the keyboard focus.
    package var isDefaultFocused: Bool { gtk_widget_is_focus(resumeButton) != 0 }
}
