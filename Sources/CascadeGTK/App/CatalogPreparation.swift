import CGtk
import CascadeScreens
import Foundation

/// The first run's demo catalog generation, its progress shown in the window and the terminal.
/// Closing the window or Ctrl+C interrupts it; the next start resumes without redoing clips.
@MainActor
final class CatalogPreparation {
    /// The widget shown in place of the feed while generating.
    let root: UnsafeMutablePointer<GtkWidget>
    /// Clips done, total, and the estimate.
    private(set) var progress = CatalogProgress()
    /// Whether the generator is running.
    private(set) var isRunning = false

    private let generation: DemoCatalogGeneration
    private let label: OpaquePointer
    private let bar: OpaquePointer
    private let started = Date()
    private let terminalIsInteractive = isatty(STDERR_FILENO) != 0
    private var lastPrintedTenth = -1

    init(generation: DemoCatalogGeneration) {
        self.generation = generation
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        root.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(root, 1)
        gtk_widget_add_css_class(root, "catalog-progress")
        label = OpaquePointer(gtk_label_new(Localization.text(progress.message)))
        bar = OpaquePointer(gtk_progress_bar_new())
        gtk_widget_set_size_request(bar.widget, 360, -1)
        gtk_box_append(root.as(GtkBox.self), label.widget)
        gtk_box_append(root.as(GtkBox.self), bar.widget)
    }

    /// Starts generating; `onFinish` runs on the main thread with the catalog or the failure.
    func start(onFinish: @escaping @MainActor (Result<URL, DemoCatalog.Failure>) -> Void) {
        isRunning = true
        Console.say("generating the demo catalog (first run)…")
        do {
            try generation.start(
                onLine: { [weak self] line in
                    Task { @MainActor in self?.received(line) }
                },
                completion: { [weak self] result in
                    Task { @MainActor in
                        self?.finished()
                        onFinish(result)
                    }
                })
        } catch let failure as DemoCatalog.Failure {
            isRunning = false
            onFinish(.failure(failure))
        } catch {
            isRunning = false
            onFinish(.failure(.generatorFailed(status: -1, output: "\(error)")))
        }
    }

    /// Stops the generator (finished clips are kept).
    func cancel() {
        generation.cancel()
    }

    /// The progress line as shown ("Generating the demo catalog: 3 of 28 clips, …").
    var message: String { Localization.text(progress.message) }

    // MARK: Private

    private func received(_ line: String) {
        guard progress.record(line: line, at: Date().timeIntervalSince(started)) else { return }
        gtk_label_set_text(label, message)
        if progress.total > 0 { gtk_progress_bar_set_fraction(bar, Double(progress.done) / Double(progress.total)) }
        if let line = progress.terminalLine(interactive: terminalIsInteractive, lastTenth: &lastPrintedTenth) {
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    private func finished() {
        isRunning = false
        if terminalIsInteractive { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
