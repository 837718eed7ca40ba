import CGtk
import CascadeNumerics
import CascadeScreens
import Foundation

/// The load-more footer, the pull-to-refresh header and its closing animation.
extension FeedView {
    func placeFooter() {
        guard let frame = model.displayedFooterFrame, frame != placedFooter else { return }
        placedFooter = frame
        gtk_widget_set_size_request(footer, Int32(saturating: frame.width), Int32(saturating: frame.height))
        gtk_fixed_move(content.as(GtkFixed.self), footer, frame.minX, frame.minY)
        if model.isBeyondScrollLimit {
            // Past the scroll limit the footer covers the last reachable cells: drawn last, on its own background.
            gtk_widget_insert_before(footer, content, nil)
            gtk_widget_add_css_class(footer, "beyond-limit")
        } else {
            gtk_widget_remove_css_class(footer, "beyond-limit")
        }
    }

    func setTopInset(_ inset: Double) {
        topInset = max(0, inset)
        gtk_widget_set_margin_top(content, Int32(saturatingRounded: topInset))
        gtk_widget_set_size_request(refreshHeader, -1, Int32(saturatingRounded: max(1, topInset)))
    }

    func renderChrome() {
        footerStatus.show(model.footerText, busy: model.footer.state == .loading)
        if case .failed = model.footer.state {
            gtk_widget_add_css_class(footer, "failed")
            // Retrying is a button press: reachable by Tab, Enter or Space retries.
            gtk_widget_set_focusable(footer, 1)
            Accessible.setLabel(footer, Localization.text(model.footerText))
        } else {
            gtk_widget_remove_css_class(footer, "failed")
            gtk_widget_set_focusable(footer, 0)
        }
        refreshStatus.show(model.refreshText, busy: model.refresh.state == .refreshing)
        gtk_widget_set_visible(refreshHeader, model.refresh.state == .idle ? 0 : 1)
        switch model.refresh.state {
        case .refreshing where !pull.isPulling:
            setTopInset(model.refresh.heldInset)
        case .ending:
            animateClosing()
        default:
            break
        }
        onChromeChanged?()
    }

    func animateClosing() {
        guard closingTicker == nil else { return }
        closingTicker = MotionAnimation(
            widget: scrolled, motion: .refreshHeaderClose, from: topInset, to: 0,
            onFrame: { [weak self] inset in self?.setTopInset(inset) },
            onFinish: { [weak self] in
                guard let self else { return }
                self.closingTicker = nil
                self.setTopInset(0)
                self.model.refreshClosingFinished()
            })
    }
}
