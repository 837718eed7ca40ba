import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The application's GActions from outside: on a private session bus, `org.gtk.Actions.Activate`
/// on `/org/cascade/Feed` opens About and switches the style, real key presses (xdotool) open
/// Preferences (Ctrl+comma) and the shortcuts window (Ctrl+?), and Ctrl+Q quits.
@Suite(.serialized) struct DesktopActionTests {
    @Test func busActivationAndAcceleratorsOpenTheirWindowsAndCtrlQQuits() throws {
        let work = try DesktopFixtures.temporaryDirectory("actions")
        defer { try? FileManager.default.removeItem(at: work) }
        let addressFile = work.appendingPathComponent("bus")
        var env = ProcessInfo.processInfo.environment.merging(DesktopFixtures.quietEnvironment) { $1 }
        env["XDG_CONFIG_HOME"] = work.appendingPathComponent("config").path
        let bus = try ChildGroup(
            [
                "dbus-run-session", "--", "sh", "-c",
                "echo \"$DBUS_SESSION_BUS_ADDRESS\" > '\(addressFile.path)'; exec sleep 300",
            ], environment: env)
        defer { bus.killGroup() }
        let address = try #require(SingleInstanceTests.waitForText(addressFile, timeout: 20), "no bus: \(bus.text)")
        env["DBUS_SESSION_BUS_ADDRESS"] = address

        let catalog = try TestCatalog.small()
        let driver = try WindowDriver(
            arguments: ["--single-instance", "--preferences", "--catalog", catalog.path, "--carousel-interval", "0"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_CONFIG_HOME": env["XDG_CONFIG_HOME"]!])
        env["DISPLAY"] = driver.display.name
        #expect(SingleInstanceTests.waitForName(environment: env, timeout: 30), "\(driver.child.stderr)")
        let light = try driver.settle()
        #expect(try driver.drawingProblems(light).isEmpty)

        // The bus lists the contract's actions.
        let list = try ChildGroup.run(gdbus(["org.gtk.Actions.List"]), environment: env, timeout: 10)
        for name in ["about", "preferences", "quit", "shortcuts", "color-scheme"] {
            #expect(list.output.contains("'\(name)'"), "\(name) not in \(list.output)")
        }

        // app.color-scheme "dark" over the bus: the page turns dark and the choice is remembered.
        _ = try ChildGroup.run(
            gdbus(["org.gtk.Actions.Activate", "color-scheme", "[<'dark'>]", "{}"]), environment: env, timeout: 10)
        let (dark, darkMet) = try driver.settle { settled in
            let image = try? PixbufImageDecoder().decode(Data(contentsOf: settled.png), targetSize: nil)
            return image.map { CairoCoverTests.pixel($0, x: 4, y: settled.feedOrigin.y + 300)[0] < 70 } ?? false
        }
        #expect(darkMet, "the page did not turn dark")
        #expect(try driver.drawingProblems(dark).isEmpty)
        let prefs = work.appendingPathComponent("config/cascade/preferences.ini")
        #expect((try? String(contentsOf: prefs, encoding: .utf8))?.contains("color-scheme=dark") == true)

        // app.about over the bus: the About window.
        _ = try ChildGroup.run(gdbus(["org.gtk.Actions.Activate", "about", "[]", "{}"]), environment: env, timeout: 10)
        #expect(Self.waitForWindow(driver, named: "About Cascade"), "no About window")
        // Drawn: a screenshot of the X window (ImageMagick's `import`) holds its texts and icon.
        let aboutID = driver.xdotool(["search", "--onlyvisible", "--name", "^About Cascade$"])?
            .split(separator: "\n").first.map(String.init)
        let aboutShot = driver.directory.appendingPathComponent("about.png")
        var aboutColours = 0
        _ = waitUntilBlocking(timeout: .seconds(20), interval: .milliseconds(200)) {
            guard let aboutID,
                (try? ChildGroup.run(
                    ["import", "-window", aboutID, aboutShot.path], environment: env, timeout: 10
                ).status) == 0,
                let image = try? PixbufImageDecoder().decode(Data(contentsOf: aboutShot), targetSize: nil)
            else { return false }
            aboutColours = ScreenCheck.colours(in: image, x: 0, y: 0, width: image.width, height: image.height, step: 2)
            return aboutColours > 40
        }
        #expect(aboutColours > 40, "the About window's screenshot has \(aboutColours) colours")
        driver.key("Escape")
        #expect(Self.waitForWindow(driver, named: "About Cascade", gone: true), "About did not close")

        // Ctrl+comma and Ctrl+? through the real keyboard.
        driver.xdotool(["windowactivate", "--sync", driver.window])
        driver.key("ctrl+comma")
        #expect(Self.waitForWindow(driver, named: "Preferences"), "Ctrl+comma opened no Preferences window")
        driver.key("Escape")
        #expect(Self.waitForWindow(driver, named: "Preferences", gone: true))
        driver.xdotool(["windowactivate", "--sync", driver.window])
        driver.key("ctrl+question")
        #expect(Self.waitForWindow(driver, named: "Keyboard Shortcuts"), "Ctrl+? opened no shortcuts window")
        driver.key("Escape")
        #expect(Self.waitForWindow(driver, named: "Keyboard Shortcuts", gone: true))

        // Ctrl+Q quits.
        driver.xdotool(["windowactivate", "--sync", driver.window])
        driver.key("ctrl+q")
        #expect(driver.child.wait(timeout: 20) == 0, "Ctrl+Q did not quit: \(driver.child.stderr)")
    }

    func gdbus(_ call: [String]) -> [String] {
        ["gdbus", "call", "--session", "--dest", "org.cascade.Feed", "--object-path", "/org/cascade/Feed", "--method"]
            + call
    }

    /// Waits (bounded) until a visible window titled exactly `name` is shown (or, with `gone`, none is).
    static func waitForWindow(_ driver: WindowDriver, named name: String, gone: Bool = false) -> Bool {
        waitUntilBlocking(timeout: .seconds(20), interval: .milliseconds(100)) {
            let found = driver.xdotool(["search", "--onlyvisible", "--name", "^\(name)$"]) ?? ""
            return found.isEmpty == gone
        }
    }
}
