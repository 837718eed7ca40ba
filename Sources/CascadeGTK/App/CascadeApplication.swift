import CGtk
import CascadeFeed
import CascadePlayer
import CascadeScreens
import Foundation

/// Runs the app: a GtkApplication with one `AppWindow`, optionally driven by a script.
///
/// A later `activate` (another launch without arguments) presents the window; `open` (another
/// launch with files or folders, or the desktop's "Open With") opens them in it.
@MainActor
public enum CascadeApplication {
    /// A script to run instead of waiting for the user.
    public struct Script {
        /// The script's text.
        public var text: String
        /// Where the JSON report goes.
        public var report: URL
        /// Where `screenshot NAME` writes.
        public var screenshots: URL

        /// Creates a script run.
        public init(text: String, report: URL, screenshots: URL) {
            self.text = text
            self.report = report
            self.screenshots = screenshots
        }
    }

    private final class State {
        var window: AppWindow?
        var exitCode: Int32 = 0
        let options: LaunchOptions
        let catalog: FeedCatalog
        let cacheDirectory: URL
        let script: Script?
        let preferences: PreferencesFile?
        let resumeStore: ResumeStore?
        var generation: DemoCatalogGeneration?
        init(
            options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL, script: Script?,
            preferences: PreferencesFile?, resumeStore: ResumeStore?
        ) {
            self.resumeStore = resumeStore
            self.options = options
            self.catalog = catalog
            self.cacheDirectory = cacheDirectory
            self.script = script
            self.preferences = preferences
        }
    }

    /// Runs until the window closes (or the script ends) and returns the exit status.
    ///
    /// `instance` is the process's application (already registered when it is unique);
    /// `options.paths` open once the window is up; `preferences` (nil: none are read or written)
    /// give the window its remembered settings; `resumeStore` (nil: nothing is remembered) where
    /// videos were left; `generation` makes `catalog` first (first run).
    public static func run(
        instance: ApplicationInstance, options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL,
        script: Script?, preferences: PreferencesFile? = nil, resumeStore: ResumeStore? = nil,
        generating generation: DemoCatalogGeneration? = nil
    ) -> Int32 {
        MainLoopBridge.install()
        let state = State(
            options: options, catalog: catalog, cacheDirectory: cacheDirectory, script: script,
            preferences: preferences, resumeStore: resumeStore)
        state.generation = generation
        let app = instance.application
        Signal.connect(UnsafeMutableRawPointer(app), "activate") {
            activate(app: OpaquePointer(app), state: state)
        }
        instance.onOpen = { urls in
            activate(app: OpaquePointer(app), state: state)
            state.window?.open(paths: urls.map(\.path))
        }
        let status = g_application_run(instance.gApplication, 0, nil)
        state.window?.saveSession()
        return status != 0 ? status : state.exitCode
    }

    private static func activate(app: OpaquePointer, state: State) {
        if let window = state.window {
            window.present()
            return
        }
        let window = AppWindow(
            application: app, options: state.options, catalog: state.catalog, cacheDirectory: state.cacheDirectory,
            preferences: state.preferences, resumeStore: state.resumeStore, generating: state.generation)
        state.window = window
        window.present()
        if !state.options.paths.isEmpty { window.open(paths: state.options.paths) }
        guard let script = state.script else { return }
        let runner: ScriptRunner
        do {
            runner = try ScriptRunner(
                app: window, script: script.text, reportURL: script.report, screenshots: script.screenshots)
        } catch {
            FileHandle.standardError.write(Data("cascade: \(error)\n".utf8))
            state.exitCode = 2
            g_application_quit(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self))
            return
        }
        Task { @MainActor in
            let ok = await runner.run()
            state.exitCode = ok ? 0 : 1
            g_application_quit(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self))
        }
    }
}
