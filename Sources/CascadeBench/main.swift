import Foundation

// cascade-bench [SUITE...] [--quick] [--json]
// Each suite compares Cascade with baselines measured in the same run (Docs/BENCHMARKS.md).

let allSuites: [any BenchSuite] = [
    LayoutSuite(),
    CollectionSuite(),
    FeedBench(),
    ImagesBenchSuite(),
    FolderBench(),
    GTKSuite(),
    PlayerBench(),
]

var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
let json = arguments.contains("--json")
if arguments.contains("--help") || arguments.contains("-h") {
    print("usage: cascade-bench [SUITE...] [--quick] [--json]")
    print("suites: \(allSuites.map(\.name).joined(separator: ", "))")
    exit(0)
}
arguments.removeAll { $0.hasPrefix("--") }
let unknown = arguments.filter { name in !allSuites.contains { $0.name == name } }
if !unknown.isEmpty {
    FileHandle.standardError.write(Data("cascade-bench: unknown suite(s) \(unknown.joined(separator: ", "))\n".utf8))
    exit(2)
}
let selected = arguments.isEmpty ? allSuites : allSuites.filter { arguments.contains($0.name) }

var passed = 0
var failed = 0
for suite in selected {
    for line in suite.run(quick: quick) {
        if line.passed { passed += 1 } else { failed += 1 }
        print(json ? line.json(quick: quick) : line.text())
        fflush(nil)
    }
}
if json {
    print("{\"summary\": {\"passed\": \(passed), \"failed\": \(failed)}}")
} else {
    print("\(passed) passed, \(failed) failed")
}
exit(failed == 0 ? 0 : 1)
