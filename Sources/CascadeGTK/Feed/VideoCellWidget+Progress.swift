import CascadePlayer

extension VideoCellWidget {
    /// Where the cell's video was left, if partway (what the cover's progress bar shows): nil
    /// for a video never watched, barely started or finished.
    package var watchProgress: ResumePoint? { progressBar.point }

    /// Whether the video was left partway ("partially watched").
    package var isPartiallyWatched: Bool { watchProgress != nil }

    /// The fraction the cover's progress bar draws, nil when it is hidden.
    package var drawnProgress: Double? { progressBar.shownFraction }

    /// Shows where the cell's video was left (nil: not partway, no bar).
    package func setWatchProgress(_ point: ResumePoint?) {
        guard point != progressBar.point else { return }
        progressBar.show(point)
        updateAccessibleLabel()
    }
}
