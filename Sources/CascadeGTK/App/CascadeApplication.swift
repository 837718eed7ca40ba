import CGtk
import CascadeFeed
import CascadePlayer
import CascadeScreens
import Foundation

/// Runs the app: an AdwApplication with one `AppWindow`, optionally driven by a script. Another
/// launch presents the window (`activate`) or opens its files in it (`open`).
@MainActor
public enum CascadeApplication {
    /// Drives the shown window instead of a user (script mode) and returns the exit status; the app then quits.
    public typealias Driver = @MainActor (AppWindow) async -> Int32

    @MainActor private final class State {
        var window: AppWindow?
        var exitCode: Int32 = 0
        let options: LaunchOptions
        let catalog: FeedCatalog
        let cacheDirectory: URL
        let driver: Driver?
        let preferences: PreferencesFile?
        let resumeStore: ResumeStore?
        var generation: DemoCatalogGeneration?
        var notices: [String] = []
        let style: StyleChoice
        init(
            options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL, driver: Driver?,
            preferences: PreferencesFile?, resumeStore: ResumeStore?
        ) {
            self.resumeStore = resumeStore
            self.options = options
            self.catalog = catalog
            self.cacheDirectory = cacheDirectory
            self.driver = driver
            self.preferences = preferences
            // `--color-scheme` decides this run; a choice made in the window is remembered.
            style = StyleChoice(scheme: options.colorScheme ?? preferences?.preferences.colorScheme ?? .default)
            style.onChange = { [weak preferences] scheme in preferences?.update { $0.colorScheme = scheme } }
        }
    }

    /// Runs until the window closes (or `driver` returns) and returns the exit status: `instance`
    /// is the process's application (registered when unique), `options.paths` open once the window
    /// is up, nil `preferences`/`resumeStore` remember nothing, `generation` makes `catalog` first,
    /// `notices` (English) show as toasts once the window is up.
    public static func run(
        instance: ApplicationInstance, options: LaunchOptions, catalog: FeedCatalog, cacheDirectory: URL,
        driver: Driver?, preferences: PreferencesFile? = nil, resumeStore: ResumeStore? = nil,
        generating generation: DemoCatalogGeneration? = nil, notices: [String] = []
    ) -> Int32 {
        MainLoopBridge.install()
        let state = State(
            options: options, catalog: catalog, cacheDirectory: cacheDirectory, driver: driver,
            preferences: preferences, resumeStore: resumeStore)
        state.generation = generation
        state.notices = notices
        let app = instance.application
        // After AdwApplication's own startup (a run-first signal's class handler runs first),
        // which initialised libadwaita and its style manager; a unique instance registered (and
        // started up) before `run`.
        let install = {
            state.style.install(on: app)
            AppActions.installApplicationActions(
                on: app,
                handlers: [
                    "about": { if let window = state.window { AboutWindow.present(over: window.window) } },
                    "preferences": {
                        if let window = state.window { PreferencesWindow.present(over: window, style: state.style) }
                    },
                    "shortcuts": { if let window = state.window { ShortcutsWindow.present(over: window.window) } },
                    "quit": { g_application_quit(instance.gApplication) },
                ])
        }
        if g_application_get_is_registered(instance.gApplication) != 0 {
            install()
        } else {
            Signal.connect(UnsafeMutableRawPointer(app), "startup") { install() }
        }
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
        for notice in state.notices { window.toasts.show(notice) }
        guard let driver = state.driver else { return }
        Task { @MainActor in
            state.exitCode = await driver(window)
            g_application_quit(UnsafeMutableRawPointer(app).assumingMemoryBound(to: GApplication.self))
        }
    }
}
