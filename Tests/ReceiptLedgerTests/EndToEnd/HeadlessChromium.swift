import Foundation

/// Debian's `chromium` run headless, for the end-to-end tests of the HTML pages.
///
/// Every run gets its own profile folder, sends any network request to a closed local port
/// (`--proxy-server=127.0.0.1:9`, every host name unresolvable), logs the page's console to
/// stderr (`--enable-logging=stderr`: a line with `CONSOLE` per message, CSP violations and
/// uncaught exceptions included) and writes a NetLog, the record of every request the network
/// stack saw. Tests run as root, hence `--no-sandbox`.
struct HeadlessChromium: Sendable {
    let executable: String

    /// `$CHROMIUM`, else the first `chromium` or `chromium-browser` on `PATH`.
    static let installed: HeadlessChromium? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) {
            return HeadlessChromium(executable: path)
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return HeadlessChromium(executable: "\(folder)/\(name)")
            }
        }
        return nil
    }()

    /// Under CI (`CI` set and not `0`/`false`) a missing browser fails the tests instead of skipping them.
    static let isRequired: Bool = {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }()

    /// Whether the browser tests run at all: with a browser, or under CI (where they fail without one).
    static var shouldRun: Bool { installed != nil || isRequired }

    static let missingMessage = "chromium is not installed: the browser tests need Debian's chromium "
        + "(apt-get install chromium fonts-dejavu-core; .ci/run does this)"

    /// What one page load left behind.
    struct PageLoad {
        /// The DOM serialized after the load event (`--dump-dom`).
        var dom: String
        /// Console messages: script errors, CSP violations, `console.*` calls.
        var consoleMessages: [String]
        /// http(s)/ws URLs the page asked the network for (Chromium's own background requests excluded).
        var pageRequests: [String]
        /// Everything Chromium wrote on stderr.
        var log: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens a local page, waits for it to load, and returns its DOM, console and requests.
    func load(_ page: String, scratch: String) throws -> PageLoad {
        let netLog = scratch + "/netlog-\(UUID().uuidString).json"
        let result = try run(["--dump-dom", "--log-net-log=\(netLog)", Self.fileURL(page)], scratch: scratch)
        guard result.status == 0 else {
            throw Failure(description: "chromium exited with \(result.status) on \(page):\n\(result.stderr)")
        }
        defer { try? FileManager.default.removeItem(atPath: netLog) }
        return PageLoad(dom: result.stdout, consoleMessages: Self.consoleMessages(in: result.stderr),
                        pageRequests: try Self.pageRequests(inNetLog: netLog), log: result.stderr)
    }

    /// Renders a local page into a PNG of the given window size.
    func screenshot(_ page: String, to png: String, width: Int = 1280, height: Int = 2400, scratch: String) throws {
        try? FileManager.default.removeItem(atPath: png)
        let result = try run(["--hide-scrollbars", "--screenshot=\(png)", "--window-size=\(width),\(height)", Self.fileURL(page)],
                             scratch: scratch)
        guard result.status == 0, FileManager.default.fileExists(atPath: png) else {
            throw Failure(description: "chromium could not take a screenshot of \(page) (exit \(result.status)):\n\(result.stderr)")
        }
    }

    static func fileURL(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// `[…:INFO:CONSOLE:12] "message", source: file:///… (12)` lines, the message part.
    static func consoleMessages(in log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }.map { line in
            guard let end = line.range(of: "] ") else { return String(line) }
            return String(line[end.upperBound...])
        }
    }

    /// URLs of requests made on behalf of a `file://` page: their network isolation key or
    /// site-for-cookies names `file://`, which Chromium's own update/time/account requests don't.
    static func pageRequests(inNetLog path: String) throws -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "chromium wrote no NetLog at \(path)")
        }
        var urls: Set<String> = []
        guard let log = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let events = log["events"] as? [[String: Any]] else {
            throw Failure(description: "the NetLog at \(path) is not readable JSON")
        }
        for event in events {
            guard let params = event["params"] as? [String: Any], let url = params["url"] as? String else { continue }
            let isolation = (params["network_isolation_key"] as? String ?? "") + (params["site_for_cookies"] as? String ?? "")
            if isolation.contains("file://") { urls.insert(url) }
        }
        return urls.sorted()
    }

    /// Removes a folder with `rm -rf`. Chromium's helper processes may still be writing into
    /// the profile when the browser exits, and Foundation's `removeItem` can trap ("Index out of
    /// range") when a folder changes while it is being removed.
    static func removeTree(_ path: String) {
        let remover = Process()
        remover.executableURL = URL(fileURLWithPath: "/bin/rm")
        remover.arguments = ["-rf", path]
        guard (try? remover.run()) != nil else { return }
        remover.waitUntilExit()
    }

    private struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs Chromium once. A page loads in well under a second; one that runs `alert()` waits
    /// for a click forever, so a run that takes `timeout` is stopped and reported.
    private func run(_ arguments: [String], scratch: String, timeout: TimeInterval = 30) throws -> Output {
        let id = UUID().uuidString
        let profile = scratch + "/chromium-profile-\(id)"
        let outPath = scratch + "/chromium-\(id).out", errPath = scratch + "/chromium-\(id).err"
        defer {
            Self.removeTree(profile)
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
              FileManager.default.createFile(atPath: errPath, contents: nil),
              let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath) else {
            throw Failure(description: "cannot create output files in \(scratch)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)",
            "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--disable-features=Translate,MediaRouter,OptimizationHints",
            "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--enable-logging=stderr", "--v=0", "--lang=en-US",
        ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            throw Failure(description: "chromium did not finish within \(Int(timeout)) s (did a script open a dialog, "
                + "such as alert()?): \(arguments.last ?? "")")
        }
        try out.close()
        try err.close()
        let stdout = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return Output(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}
