import CascadeFeed
import CascadeGTK
import CascadePlayer
import CascadeScreens
import CascadeScriptRunner
import CascadeStorage
import Foundation

// cascade: the video feed app. See `cascade --help`, the README and Docs/SCRIPTING.md.

func fail(_ message: String, status: Int32 = 2) -> Never {
    Console.say(message)
    exit(status)
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst())).adoptingFolderArgument(
        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
} catch {
    fail("\(error)")
}
if options.showHelp {
    print(LaunchOptions.usage)
    exit(0)
}
if options.showVersion {
    print("\(AppIdentity.executable) \(AppIdentity.version)")
    print("GTK \(RuntimeVersions.gtk)")
    print("GStreamer \(RuntimeVersions.gstreamer ?? "not found")")
    exit(0)
}

// A full disk or a read-only folder: one line per folder, and the app goes on from memory.
StorageWarnings.shared.setSink { Console.warn($0) }

// The user's language for the UI's texts (LANG / LC_MESSAGES), before any is shown.
Localization.start()

let needsHeadless = !HeadlessDisplay.hasDisplay
// What a later launch hands to the running window: its files and folders.
let handedOver = options.pathsToForward
// One instance per session: a second interactive launch hands its files and folders (or just
// "present yourself") to the running window and exits before any other work.
let instance = MainActor.assumeIsolated {
    ApplicationInstance(unique: options.usesSingleInstance(headless: needsHeadless))
}
if instance.isUnique, !needsHeadless,
    MainActor.assumeIsolated({ instance.forwardToRunningInstance(paths: handedOver) })
{
    exit(0)
}
if instance.isUnique, !needsHeadless, MainActor.assumeIsolated({ instance.registerIsRemote() }) {
    MainActor.assumeIsolated { instance.forward(paths: handedOver) }
    exit(0)
}

var headless: HeadlessDisplay?
if needsHeadless {
    guard let display = HeadlessDisplay.start() else {
        fail(
            "no display ($DISPLAY and $WAYLAND_DISPLAY are unset) and Xvfb is not available to render headless",
            status: 1)
    }
    headless = display
    // Our private Xvfb has only software GL (llvmpipe); GTK's cairo renderer draws the feed
    // about twice as fast there (see Docs/BENCHMARKS.md).
    setenv("GSK_RENDERER", ProcessInfo.processInfo.environment["GSK_RENDERER"] ?? "cairo", 1)
}

/// What runs instead of a user: the `--script`, or the headless tour when there is no display.
var script: (text: String, report: URL, screenshots: URL)?
if let path = options.scriptPath, let report = options.reportPath {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read the script \(path)") }
    let shots = options.screenshotsDirectory ?? URL(fileURLWithPath: report).deletingLastPathComponent().path
    script = (text, URL(fileURLWithPath: report), URL(fileURLWithPath: shots))
} else if needsHeadless {
    let out = URL(fileURLWithPath: options.headlessOutput ?? "cascade-headless")
    Console.say("no display found; rendering headless into \(out.path)/ (PNG screenshots and report.json)")
    script = (HeadlessTour.script, out.appendingPathComponent("report.json"), out)
}
// A script with a syntax error, or whose report cannot be written, runs nothing.
let runner = MainActor.assumeIsolated { () -> ScriptRunner? in
    guard let script else { return nil }
    do {
        return try ScriptRunner(script: script.text, reportURL: script.report, screenshots: script.screenshots)
    } catch {
        fail("\(error)")
    }
}

// Interactive runs remember their settings; script and headless runs only with --preferences.
let remembers = options.usesPreferences(headless: needsHeadless)
let preferences = MainActor.assumeIsolated { remembers ? PreferencesFile(url: PreferencesFile.defaultURL) : nil }
// No source and no path: the default folder chosen in Preferences, else the demo catalog.
let start = DefaultFolderLaunch.resolve(
    options, defaultFolder: MainActor.assumeIsolated { preferences?.preferences.defaultFolder })

let catalog: FeedCatalog
var generation: DemoCatalogGeneration?
switch start.options.source {
case .demoCatalog(let directory):
    if let directory {
        catalog = .directory(URL(fileURLWithPath: directory, isDirectory: true))
    } else {
        // A first run generates the catalog inside the app, with progress in the window and
        // the terminal; an interrupted generation resumes.
        let directory = options.smallDemo ? DemoCatalog.smallDirectory : DemoCatalog.defaultDirectory
        catalog = .directory(directory)
        if !DemoCatalog.isComplete(at: directory) {
            generation = DemoCatalogGeneration(directory: directory, small: options.smallDemo)
        }
    }
case .server(let base):
    catalog = .server(
        baseURL: URL(string: base)!, fetcher: HTTPFetcher(configuration: .init(timeout: options.requestTimeout)))
case .http(let template):
    catalog = .feedURL(
        template: template, fetcher: HTTPFetcher(configuration: .init(timeout: options.requestTimeout)))
case .folder(let path):
    catalog = FolderFeeds.catalog(folder: URL(fileURLWithPath: path, isDirectory: true))
}

let cacheDirectory = DemoCatalog.defaultDirectory.deletingLastPathComponent()
let status = MainActor.assumeIsolated {
    // Where videos were left, under the same rule: a person's watching never changes what a test sees.
    let resumeStore = remembers ? ResumeStore(fileURL: ResumeStore.defaultFileURL()) : nil
    let warn = { (message: String) in Console.warn(message) }
    for warning in resumeStore?.warnings ?? [] { warn(warning) }
    resumeStore?.onWarning = warn
    return CascadeApplication.run(
        instance: instance, options: start.options, catalog: catalog, cacheDirectory: cacheDirectory,
        driver: runner?.driver, preferences: preferences, resumeStore: resumeStore, generating: generation,
        notices: start.problem.map { [$0.notice] } ?? [])
}
headless?.stop()
exit(status)
