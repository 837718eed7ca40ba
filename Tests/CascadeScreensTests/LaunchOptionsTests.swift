import CascadeScreens
import Testing

@Suite struct LaunchOptionsTests {
    @Test func noArgumentsMeansTheDemoCatalog() throws {
        let options = try LaunchOptions.parse([])
        #expect(options.source == .demoCatalog(directory: nil))
        #expect(options.columns == nil)
        #expect(options.scriptPath == nil)
    }

    @Test func colorSchemeIsForThisRunOnly() throws {
        #expect(try LaunchOptions.parse([]).colorScheme == nil)
        #expect(try LaunchOptions.parse(["--color-scheme", "dark"]).colorScheme == .dark)
        #expect(try LaunchOptions.parse(["--color-scheme", "default"]).colorScheme == .default)
    }

    @Test func cellsAreFittedUnlessTheReferenceStyleIsAsked() throws {
        #expect(try LaunchOptions.parse([]).cellStyle == .fitted)
        #expect(try LaunchOptions.parse(["--cell-style", "reference"]).cellStyle == .reference)
        #expect(try LaunchOptions.parse(["--cell-style", "fitted"]).cellStyle == .fitted)
    }

    @Test func feedURLWithPlaceholders() throws {
        let options = try LaunchOptions.parse([
            "--feed-url", "http://127.0.0.1:8080/feed/{channel}?page={page}&size={size}",
        ])
        #expect(options.source == .http("http://127.0.0.1:8080/feed/{channel}?page={page}&size={size}"))
    }

    @Test func scriptMode() throws {
        let options = try LaunchOptions.parse([
            "--script", "s.txt", "--report", "r.json", "--screenshots", "shots", "--columns", "3",
        ])
        #expect(options.scriptPath == "s.txt")
        #expect(options.reportPath == "r.json")
        #expect(options.screenshotsDirectory == "shots")
        #expect(options.columns == 3)
        #expect(options.requestTimeout == 10)
        #expect(try LaunchOptions.parse(["--request-timeout", "1.5"]).requestTimeout == 1.5)
    }

    @Test(arguments: [
        ["--feed-url"], ["--feed-url", "ftp://x/feed"], ["--feed-url", "not a url"], ["--columns", "0"],
        ["--columns", "x"], ["--script", "s.txt"], ["--bogus"], ["--request-timeout", "0"],
        ["--request-timeout", "nan"], ["--color-scheme", "purple"], ["--color-scheme"],
        ["--cell-style", "tall"], ["--cell-style"],
    ])
    func mistakesAreReported(arguments: [String]) {
        #expect(throws: LaunchOptions.Error.self) { try LaunchOptions.parse(arguments) }
    }
}
