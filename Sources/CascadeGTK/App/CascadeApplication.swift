import CGtk
import CascadeFeed
import CascadeScreens
import Foundation

/// Runs the app: a GtkApplication with one `AppWindow`, optionally driven by a script.
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
        init(options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL, script: Script?) {
            self.options = options
            self.catalog = catalog
            self.cacheDirectory = cacheDirectory
            self.script = script
        }
    }

    /// Runs until the window closes (or the script ends) and returns the exit status.
    public static func run(options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL, script: Script?) -> Int32
    {
        MainLoopBridge.install()
        let state = State(options: options, catalog: catalog, cacheDirectory: cacheDirectory, script: script)
        guard let app = gtk_application_new("org.cascade.Feed", G_APPLICATION_NON_UNIQUE) else { return 1 }
        Signal.connect(UnsafeMutableRawPointer(app), "activate") {
            activate(app: OpaquePointer(app), state: state)
        }
        let status = g_application_run(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self), 0, nil)
        g_object_unref(UnsafeMutableRawPointer(app))
        return status != 0 ? status : state.exitCode
    }

    private static func activate(app: OpaquePointer, state: State) {
        guard state.window == nil else { return }
        let window = AppWindow(
            application: app, options: state.options, catalog: state.catalog, cacheDirectory: state.cacheDirectory)
        state.window = window
        window.present()
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
