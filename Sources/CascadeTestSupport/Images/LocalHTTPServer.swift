import Foundation

/// A real HTTP server on 127.0.0.1 (or `::1`) for transport tests: Python's `http.server` serving a folder,
/// plus `/slow/<path>` (answers after 3 s), `/status/<code>` (an empty reply with that status),
/// `/stats` (JSON: how many times each path was requested), and hostile answers:
/// `/gzip-bomb/<MB>` (`Content-Encoding: gzip` inflating to that many MB of zeros, about 1 KB
/// on the wire per MB, streamed without a length),
/// `/endless` (a body that never ends; the loop stops by itself after 60 s or when the client
/// leaves), `/drip` (a byte every 100 ms for 30 s at most) and `/redirect-file` (a redirect to `file:///etc/passwd`).
///
/// Started on a free port; `stop()` kills it with SIGKILL. Every wait is bounded.
public final class LocalHTTPServer: @unchecked Sendable {
    /// `http://127.0.0.1:<port>` (`http://[::1]:<port>` on IPv6).
    public let baseURL: URL
    private let process: Process

    private static let script = """
        import http.server, json, os, socket, struct, sys, threading, time, zlib
        port, root, host = int(sys.argv[1]), sys.argv[2], sys.argv[3]
        counts, lock = {}, threading.Lock()
        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=root, **kwargs)
            def log_message(self, *args):
                pass
            def do_GET(self):
                if self.path == '/stats':
                    body = json.dumps(counts).encode()
                    self.send_response(200)
                    self.send_header('Content-Length', str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                with lock:
                    counts[self.path] = counts.get(self.path, 0) + 1
                if self.path.startswith('/gzip-bomb/'):
                    # Streamed: one fully flushed 1 MB segment repeated (each inflates alone),
                    # so a 1 GiB bomb costs the server nothing; the trailer is exact.
                    mb = max(1, int(self.path.split('/')[2]))
                    chunk = bytes(1 << 20)
                    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                    first = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
                    again = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
                    self.send_response(200)
                    self.send_header('Content-Type', 'image/png')
                    self.send_header('Content-Encoding', 'gzip')
                    self.end_headers()
                    crc = zlib.crc32(chunk)
                    try:
                        self.wfile.write(first)
                        for _ in range(mb - 1):
                            self.wfile.write(again)
                            crc = zlib.crc32(chunk, crc)
                        self.wfile.write(bytes([3, 0]) + struct.pack('<II', crc, (mb << 20) & 0xFFFFFFFF))
                    except OSError:
                        pass
                    self.close_connection = True
                    return
                if self.path == '/endless':
                    self.send_response(200)
                    self.send_header('Content-Type', 'image/png')
                    self.end_headers()
                    chunk, stop = bytes(65536), time.time() + 60
                    try:
                        while time.time() < stop:
                            self.wfile.write(chunk)
                    except OSError:
                        pass
                    self.close_connection = True
                    return
                if self.path == '/drip':
                    self.send_response(200)
                    self.send_header('Content-Type', 'image/png')
                    self.end_headers()
                    stop = time.time() + 30
                    try:
                        while time.time() < stop:
                            self.wfile.write(b'x')
                            self.wfile.flush()
                            time.sleep(0.1)
                    except OSError:
                        pass
                    self.close_connection = True
                    return
                if self.path == '/redirect-file':
                    self.send_response(302)
                    self.send_header('Location', 'file:///etc/passwd')
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                    return
                if self.path.startswith('/slow/'):
                    time.sleep(3)
                    self.path = self.path[5:]
                if self.path.startswith('/status/'):
                    self.send_response(int(self.path.split('/')[2]))
                    self.send_header('Content-Length', '0')
                    self.end_headers()
                    return
                # One byte range (bytes=a-b, a- or -n), as a CDN serves video to a seeking player.
                wanted, target = self.headers.get('Range', ''), self.translate_path(self.path)
                if wanted.startswith('bytes=') and ',' not in wanted and os.path.isfile(target):
                    size = os.path.getsize(target)
                    first, _, last = wanted[6:].strip().partition('-')
                    try:
                        start = int(first) if first else max(0, size - int(last))
                        end = min(size - 1, int(last)) if first and last else size - 1
                    except ValueError:
                        start, end = 0, size - 1
                    if start >= size or end < start:
                        self.send_response(416)
                        self.send_header('Content-Range', 'bytes */%d' % size)
                        self.send_header('Content-Length', '0')
                        self.end_headers()
                        return
                    with open(target, 'rb') as handle:
                        handle.seek(start)
                        body = handle.read(end - start + 1)
                    self.send_response(206)
                    self.send_header('Content-Type', self.guess_type(target))
                    self.send_header('Accept-Ranges', 'bytes')
                    self.send_header('Content-Range', 'bytes %d-%d/%d' % (start, end, size))
                    self.send_header('Content-Length', str(len(body)))
                    self.end_headers()
                    try:
                        self.wfile.write(body)
                    except OSError:
                        pass
                    return
                super().do_GET()
        class Server(http.server.ThreadingHTTPServer):
            address_family = socket.AF_INET6 if ':' in host else socket.AF_INET
        Server((host, port), Handler).serve_forever()
        """

    // MARK: Lifecycle

    /// Starts a server for `root` on `host` (`"127.0.0.1"` or `"::1"`) and waits (at most 10 s)
    /// until it accepts connections.
    public init(root: URL, host: String = "127.0.0.1") throws {
        guard let python = ChildProcess.which("python3") else {
            throw ChildProcess.Failure(description: "python3 not found")
        }
        let port = try Self.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script, String(port), root.path, host]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let isIPv6 = host.contains(":")
        baseURL = URL(string: isIPv6 ? "http://[\(host)]:\(port)" : "http://\(host):\(port)")!
        let started = waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20)) {
            (isIPv6 ? Self.acceptsOnIPv6Loopback(port: port) : Self.accepts(port: port)) || !process.isRunning
        }
        guard started, process.isRunning else {
            ChildProcess.stop(process)
            throw ChildProcess.Failure(description: "HTTP server did not start on port \(port)")
        }
    }

    deinit {
        stop()
    }

    // MARK: Public API

    /// The URL of `path` on the server.
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path))!
    }

    /// How many times each path was requested.
    public func requestCounts() throws -> [String: Int] {
        let data = try Data(contentsOf: url("/stats"))
        return try JSONDecoder().decode([String: Int].self, from: data)
    }

    /// Kills the server (SIGKILL, bounded wait).
    public func stop() {
        ChildProcess.stop(process)
    }

    // MARK: Private

    /// A port of 127.0.0.1 free a moment ago (bound to port 0, then released).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ChildProcess.Failure(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else { throw ChildProcess.Failure(description: "cannot bind a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` now.
    public static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func acceptsOnIPv6Loopback(port: Int) -> Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        address.sin6_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }
}
