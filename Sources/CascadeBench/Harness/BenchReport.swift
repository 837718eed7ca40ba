import Foundation

/// One line of benchmark output (the format is described in Docs/BENCHMARKS.md, `cascade-bench`).
///
/// A ratio line compares our time with a baseline measured in the same run; a value line
/// reports a figure that is not a ratio (bytes per item, live cells, a count) against a bound.
enum BenchLine {
    /// `ratio = baselineNs / oursNs`; passes when `ratio >= target`.
    case ratio(
        suite: String, name: String, n: Int, oursNs: Double, baseline: String, baselineNs: Double, target: Double,
        extra: [String: Double] = [:])
    /// A figure with an upper (`max`) or lower (`min`) bound.
    case value(suite: String, name: String, n: Int?, value: Double, unit: String, max: Double?, min: Double?)

    var passed: Bool {
        switch self {
        case let .ratio(_, _, _, ours, _, base, target, _):
            return ours > 0 && base / ours >= target
        case let .value(_, _, _, value, _, max, min):
            if let max, value > max { return false }
            if let min, value < min { return false }
            return true
        }
    }

    /// The line as one JSON object.
    func json(quick: Bool) -> String {
        var object: [String: Any] = [:]
        switch self {
        case let .ratio(suite, name, n, ours, baseline, base, target, extra):
            object = [
                "suite": suite, "case": name, "n": n, "ours_ns": ours.rounded(), "baseline": baseline,
                "baseline_ns": base.rounded(), "ratio": round4(base / max(ours, 1e-9)), "target": target,
            ]
            for (key, value) in extra { object[key] = value.rounded() }
        case let .value(suite, name, n, value, unit, max, min):
            object = ["suite": suite, "case": name, "value": round4(value), "unit": unit]
            if let n { object["n"] = n }
            if let max { object["max"] = max }
            if let min { object["min"] = min }
        }
        object["quick"] = quick
        object["pass"] = passed
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The line for people.
    func text() -> String {
        let mark = passed ? "PASS" : "FAIL"
        switch self {
        case let .ratio(suite, name, n, ours, baseline, base, target, _):
            return String(
                format: "%@  %@.%@ n=%d  ours %.0f ns  %@ %.0f ns  ratio %.2f (target %.2f)", mark, suite, name, n,
                ours,
                baseline, base, base / max(ours, 1e-9), target)
        case let .value(suite, name, _, value, unit, max, min):
            let bound = max.map { "max \($0)" } ?? min.map { "min \($0)" } ?? ""
            return String(format: "%@  %@.%@  %.2f %@ (%@)", mark, suite, name, value, unit, bound)
        }
    }

    private func round4(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
}
