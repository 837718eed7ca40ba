import CascadeTestSupport
import Foundation
import Testing

/// The set-up contract: the README opens with the two set-up commands (run the app, run every
/// test) and CI (`.ci/run`) runs exactly the README's test command.
@Suite struct SetupContractTests {
    @Test func ciRunsTheReadmeTestCommand() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: Repository.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let commands = readme.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("./scripts/") }
            .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands.count >= 2)
        let test = try #require(commands.first { $0.contains("test") })
        #expect(ci.contains(test))
    }

    @Test func scriptsAreExecutable() {
        for script in [
            "scripts/install-deps.sh", "scripts/test.sh", "scripts/run.sh", ".ci/run", "scripts/install.sh",
            "scripts/uninstall.sh",
        ] {
            let path = Repository.root.appendingPathComponent(script).path
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(script)")
        }
    }
}
