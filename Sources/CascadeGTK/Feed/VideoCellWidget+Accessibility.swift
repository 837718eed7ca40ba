import CGtk
import CascadeScreens

extension VideoCellWidget {
    /// Names the cell for screen readers, "Title, 0:07, video" (", partially watched" when left
    /// partway; `AccessibleText.cell`), translated; the cell is a button.
    package func describeForAccessibility(title: String, duration: String?, partiallyWatched: Bool) {
        let label = AccessibleText.cell(
            title: title, duration: duration, partiallyWatched: partiallyWatched, translate: Localization.text)
        Accessible.setLabel(root, label)
    }

    /// Names the cell from its title, its duration badge when shown, and whether its video was left
    /// partway; called on every bind and progress change.
    func updateAccessibleLabel() {
        let duration = gtk_widget_get_visible(badge.widget) != 0 ? badge.text : nil
        describeForAccessibility(
            title: title.text, duration: duration, partiallyWatched: isPartiallyWatched)
    }

}
