/// A group of benchmark cases selected by name on the command line (`cascade-bench layout`).
protocol BenchSuite {
    /// The suite name, e.g. "layout".
    var name: String { get }
    /// Runs every case and returns its lines. `quick` shrinks sizes for CI.
    func run(quick: Bool) -> [BenchLine]
}
