import CascadeScreens
import Foundation
import Testing

/// The one table of GActions: names and accelerators unique, every key command reachable as an
/// action, and each accelerator giving, through the window's key map, the command of its action.
@Suite struct AppActionTests {
    @Test func namesAndAcceleratorsAreUnique() {
        let names = AppAction.table.map(\.detailedName)
        #expect(Set(names).count == names.count, "\(names)")
        // An accelerator may serve two actions only where they are never enabled together (PgDn
        // scrolls the feed and moves the player to the next video).
        for context in [AppKeyCommand.Context.alert, .player, .feed] {
            let accelerators = AppAction.table.filter { action in
                action.command.map { $0.isAvailable(in: context) } ?? true
            }.flatMap(\.registered)
            #expect(Set(accelerators).count == accelerators.count, "\(context): \(accelerators)")
        }
    }

    @Test func everyKeyCommandIsAWindowAction() {
        for command in AppKeyCommand.all {
            let action = AppAction.action(for: command)
            #expect(action?.scope == .win, "\(command) has no window action")
        }
        #expect(Set(AppAction.table.compactMap(\.command).map { "\($0)" }).count == AppKeyCommand.all.count)
    }

    @Test func theContractsActionsAreThere() {
        for name in [
            "app.about", "app.preferences", "app.quit", "app.shortcuts", "app.color-scheme", "win.columns-more",
            "win.columns-less", "win.columns-adaptive", "win.toggle-previews", "win.next-channel", "win.prev-channel",
            "win.back",
        ] {
            #expect(AppAction.named(name) != nil, "\(name)")
        }
        #expect(AppAction.named("app.quit")?.accelerators == ["<Control>q"])
        #expect(AppAction.named("app.shortcuts")?.accelerators.first == "<Control>question")
    }

    /// An accelerator pressed where its action applies is the same command through the key map,
    /// so keys behave the same whichever of the two sees them first.
    @Test func eachAcceleratorIsItsCommandInTheKeyMap() throws {
        for action in AppAction.table where action.scope == .win {
            let command = try #require(action.command)
            let context = try #require(
                [AppKeyCommand.Context.alert, .player, .feed].first { command.isAvailable(in: $0) })
            for accelerator in action.registered {
                let (key, modifiers) = Self.parse(accelerator)
                #expect(
                    AppKeyCommand.command(forKey: key, modifiers: modifiers, in: context) == command,
                    "\(accelerator) in \(context)")
            }
        }
    }

    @Test func commandsApplyInOneContextEach() {
        for command in AppKeyCommand.all {
            let contexts = [AppKeyCommand.Context.alert, .player, .feed].filter { command.isAvailable(in: $0) }
            #expect(contexts.count == 1, "\(command): \(contexts)")
        }
    }

    @Test func thePrimaryMenuActivatesTableActions() {
        let items = PrimaryMenu.sections.flatMap { $0 }
        #expect(items.map(\.label).contains("About Cascade"))
        #expect(items.map(\.label).contains("Keyboard Shortcuts"))
        #expect(items.map(\.label).contains("Preferences"))
        for item in items { #expect(AppAction.named(item.actionName) != nil, "\(item.action)") }
        let styles = items.filter { $0.actionName == "app.color-scheme" }.map(\.action)
        #expect(styles == ["app.color-scheme::default", "app.color-scheme::light", "app.color-scheme::dark"])
    }

    /// The labels the menu, the shortcuts window and the Preferences window show are in the
    /// Chinese catalog (the host translates them where it draws them).
    @Test func everyLabelIsTranslated() throws {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../po/zh_CN.po")
        let ids = Set(
            try String(contentsOf: po, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("msgid \""), line.hasSuffix("\"") else { return nil }
                return String(line.dropFirst(7).dropLast())
            })
        let labels =
            AppAction.table.map(\.label) + AppAction.Group.allCases.map(\.rawValue)
            + PrimaryMenu.sections.flatMap { $0 }.map(\.label) + ColorScheme.allCases.map(\.label)
            + [
                "Main Menu", "Columns", "Adaptive", "Hover previews", "Browse videos as a waterfall feed",
                "Search videos", "No Results Found", "Try a different search",
            ]
        for label in labels {
            #expect(ids.contains(label), "\(label) has no msgid in po/zh_CN.po")
        }
    }

    /// `<Control><Shift>p` as a GDK key name and modifiers.
    static func parse(_ accelerator: String) -> (String, KeyModifiers) {
        var rest = Substring(accelerator)
        var modifiers: KeyModifiers = []
        while rest.hasPrefix("<"), let end = rest.firstIndex(of: ">") {
            switch rest[rest.index(after: rest.startIndex)..<end] {
            case "Control": modifiers.insert(.control)
            case "Shift": modifiers.insert(.shift)
            case "Alt": modifiers.insert(.alt)
            default: break
            }
            rest = rest[rest.index(after: end)...]
        }
        return (String(rest), modifiers)
    }
}
