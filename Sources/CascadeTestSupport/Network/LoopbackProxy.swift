import Foundation

/// A forward proxy on 127.0.0.1 for proxy tests: absolute-URI requests (`GET http://host:port/…`,
/// what a client sends through `http_proxy`) are relayed, and `CONNECT host:port` (what a client
/// sends through `https_proxy`) opens a tunnel, both to 127.0.0.1 at the requested port whatever
/// the host, so a test can name a host that resolves nowhere and still reach a local server, and
/// knows a request came through the proxy because nothing else could have reached it.
///
/// `requestLines()` lists the first line of every proxied request; Python's standard library
/// only; `stop()` kills it with SIGKILL.
public final class LoopbackProxy: @unchecked Sendable {
    /// `http://127.0.0.1:<port>`: the value for `http_proxy` or `https_proxy`.
    public let address: String
    private let process: Process

    private static let script = """
        import json, socket, sys, threading
        lines, lock = [], threading.Lock()
        def pipe(a, b):
            try:
                while True:
                    data = a.recv(65536)
                    if not data:
                        break
                    b.sendall(data)
            except OSError:
                pass
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        def handle(client):
            head = b''
            while b'\\r\\n\\r\\n' not in head:
                data = client.recv(65536)
                if not data:
                    client.close()
                    return
                head += data
            first = head.split(b'\\r\\n', 1)[0].decode('latin-1')
            method, target = first.split(' ')[0:2]
            if target == '/lines':
                body = json.dumps(lines).encode()
                client.sendall(b'HTTP/1.1 200 OK\\r\\nContent-Length: %d\\r\\nConnection: close\\r\\n\\r\\n' % len(body) + body)
                client.close()
                return
            with lock:
                lines.append(first)
            if method == 'CONNECT':
                port = int(target.rsplit(':', 1)[1])
                upstream = socket.create_connection(('127.0.0.1', port))
                client.sendall(b'HTTP/1.1 200 Connection established\\r\\n\\r\\n')
                rest = head.split(b'\\r\\n\\r\\n', 1)[1]
                if rest:
                    upstream.sendall(rest)
            else:
                authority = target.split('/', 3)[2]
                port = int(authority.rsplit(':', 1)[1]) if ':' in authority.split(']')[-1] else 80
                path = '/' + target.split('/', 3)[3] if target.count('/') >= 3 else '/'
                upstream = socket.create_connection(('127.0.0.1', port))
                upstream.sendall(head.replace(target.encode('latin-1'), path.encode('latin-1'), 1))
            threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
            pipe(client, upstream)
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(('127.0.0.1', 0))
        server.listen(16)
        print(server.getsockname()[1], flush=True)
        while True:
            connection, _ = server.accept()
            threading.Thread(target=handle, args=(connection,), daemon=True).start()
        """

    // MARK: Lifecycle

    /// Starts the proxy and waits (at most 10 s) until it listens.
    public init() throws {
        guard let python = ChildProcess.which("python3") else {
            throw ChildProcess.Failure(description: "python3 not found")
        }
        let process = Process()
        self.process = process
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The port is the first line the script prints; a bounded read of it.
        let reader = output.fileHandleForReading
        let port = SharedValue<Int?>(nil)
        DispatchQueue.global().async {
            var line = Data()
            while let byte = try? reader.read(upToCount: 1), let first = byte.first, first != 10 {
                line.append(first)
            }
            port.withLock { $0 = Int(String(decoding: line, as: UTF8.self)) }
        }
        let started = waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(20)) {
            port.withLock { $0 } != nil || !process.isRunning
        }
        guard started, let listening = port.withLock({ $0 }) else {
            ChildProcess.stop(process)
            throw ChildProcess.Failure(description: "the proxy did not start")
        }
        address = "http://127.0.0.1:\(listening)"
    }

    deinit {
        stop()
    }

    // MARK: Public API

    /// The first line of every request that went through the proxy, in order.
    public func requestLines() throws -> [String] {
        let data = try Data(contentsOf: URL(string: address + "/lines")!)
        return try JSONDecoder().decode([String].self, from: data)
    }

    /// Kills the proxy (SIGKILL, bounded wait).
    public func stop() {
        ChildProcess.stop(process)
    }
}
