import CascadeCollection
import CascadeNumerics

/// The scroll script both views of the `gtk` suite follow, frame by frame: flings released at
/// `velocity` one after another, each frame's offset the one `ReleaseGlide` gives for that
/// frame of the fling (at `frameRate`), whatever time the frame really took, so both views are
/// shown the same offsets. A fling that would run past the end of the content goes the other
/// way, so pages of new cells are bound on every fling.
struct FlingPath {
    /// The distance the content moves on each frame of one fling (positive).
    let steps: [Double]
    /// The frames the script lasts.
    let frames: Int
    /// Frames already given.
    private(set) var frame = 0
    private var offset = 0.0
    private var direction = 1.0
    private var step = 0

    /// The script of `frames` frames of flings at `velocity` points per second.
    init(velocity: Double, frames: Int, frameRate: Double = 60) {
        self.frames = max(0, frames)
        guard let glide = ReleaseGlide(offset: 0, velocity: abs(velocity), maxOffset: .greatestFiniteMagnitude)
        else {
            steps = []
            return
        }
        let count = Int(saturating: glide.duration * frameRate) + 1
        steps = (1...count).map {
            glide.offset(at: Double($0) / frameRate) - glide.offset(at: Double($0 - 1) / frameRate)
        }
    }

    /// The distance of one whole fling.
    var flingDistance: Double { steps.reduce(0, +) }

    /// The offset to show on the next frame, the content scrolling up to `maxOffset`; nil once
    /// the script is over.
    mutating func next(maxOffset: Double) -> Double? {
        guard frame < frames, !steps.isEmpty else { return nil }
        if step == 0 {
            // Each fling starts from rest and goes where the whole of it fits.
            if direction > 0, offset + flingDistance > maxOffset { direction = -1 }
            if direction < 0, offset - flingDistance < 0 { direction = 1 }
        }
        offset = min(max(0, offset + direction * steps[step]), max(0, maxOffset))
        step = (step + 1) % steps.count
        frame += 1
        return offset
    }
}
