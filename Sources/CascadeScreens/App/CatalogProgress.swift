import CascadeNumerics
import Foundation

/// How far the demo catalog generation is: clips done of total and an estimate of the time
/// left, from the generator's `progress DONE TOTAL` lines.
///
/// The estimate uses only the clips finished in this run (a resumed run starts with clips
/// already done, which took no time now).
public struct CatalogProgress: Equatable, Sendable {
    /// Clips finished.
    public private(set) var done = 0
    /// Clips in the catalog (0 until the generator said).
    public private(set) var total = 0
    private var firstTime: Double?
    private var firstDone = 0
    private var latest: Double = 0

    /// No progress yet.
    public init() {}

    /// Reads one generator line at `time` (seconds, any monotonic origin); returns whether it
    /// was a progress line. Counts are clamped (the line comes from a child process).
    @discardableResult
    public mutating func record(line: String, at time: Double) -> Bool {
        let words = line.split(separator: " ")
        guard words.count == 3, words[0] == "progress", let d = Int(words[1]), let t = Int(words[2]), t > 0,
            t <= 1_000_000, time.isFinite
        else { return false }
        total = t
        done = min(t, max(0, d))
        if firstTime == nil {
            firstTime = time
            firstDone = done
        }
        latest = time
        return true
    }

    /// Whether every clip is done.
    /// The progress line to print to the terminal now, or nil: on an interactive terminal
    /// every change, as one line rewritten in place; in a log one line per tenth done.
    /// `lastTenth` is the tenth last printed (start at -1).
    public func terminalLine(interactive: Bool, lastTenth: inout Int) -> String? {
        if interactive { return "\r\u{1B}[Kcascade: \(message)" }
        let tenth = total > 0 ? done * 10 / total : 0
        guard tenth != lastTenth else { return nil }
        lastTenth = tenth
        return "cascade: \(message)\n"
    }

    public var isComplete: Bool { total > 0 && done >= total }

    /// Seconds left at the pace of this run, or nil before a clip finished in it.
    public var secondsLeft: Double? {
        guard let firstTime, done > firstDone, latest > firstTime else { return nil }
        let perClip = (latest - firstTime) / Double(done - firstDone)
        return perClip * Double(total - done)
    }

    /// "Generating the demo catalog: 12 of 300 clips, about 1 min 5 s left".
    public var message: String {
        guard total > 0 else { return "Generating the demo catalog…" }
        var text = "Generating the demo catalog: \(done) of \(total) clips"
        if let left = secondsLeft, !isComplete { text += ", about \(Self.duration(left)) left" }
        return text
    }

    /// "45 s", "1 min 5 s", "12 min".
    static func duration(_ seconds: Double) -> String {
        let s = max(1, Int(saturating: seconds.rounded()))
        if s < 60 { return "\(s) s" }
        if s < 600 { return s % 60 == 0 ? "\(s / 60) min" : "\(s / 60) min \(s % 60) s" }
        return "\((s + 30) / 60) min"
    }
}
