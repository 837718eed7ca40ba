import Foundation

#if canImport(Glibc)
    import Glibc

    /// A minimal HTTP/1.1 GET client for `http://` covers, reading from its own socket so memory
    /// is bounded by what it asks for, not by how fast a server sends.
    ///
    /// `URLSession` on Linux (libcurl underneath) inflates and queues the whole body for its
    /// delegate before the delegate can count it: a 1 MB gzip bomb or an endless body on a fast
    /// link reached 1–2 GB resident with a 10 MB cap. Here every read is pulled: at most
    /// `maximumBytes` (plus chunk framing) is ever held, bodies are never decompressed (requests
    /// ask for `identity`, another `Content-Encoding` is refused), every wait is bounded by the
    /// idle timeout and the overall deadline, and redirects stay on http (an https target is
    /// handed back to the caller, anything else refused).
    struct PlainHTTPClient {
        /// What a request ended with.
        enum Outcome {
            case body(Data)
            /// A redirect to https: the caller continues with its TLS-capable transport.
            case secureRedirect(URL)
        }

        let maximumBytes: Int
        let idleTimeout: Double
        let deadline: Double

        /// Fetches `url` (http only), following up to 5 http redirects.
        /// - Throws: `ImagePipelineError`.
        func get(_ url: URL, isCancelled: () -> Bool) throws -> Outcome {
            let end = Date().addingTimeInterval(deadline)
            var current = url
            for _ in 0..<6 {
                switch try fetchOnce(current, end: end, isCancelled: isCancelled) {
                case .done(let data): return .body(data)
                case .redirect(let target):
                    switch target.scheme?.lowercased() {
                    case "http": current = target
                    case "https": return .secureRedirect(target)
                    default: throw ImagePipelineError.refused("redirect to a \(target.scheme ?? "schemeless") URL")
                    }
                }
            }
            throw ImagePipelineError.fetchFailed("too many redirects")
        }

        // MARK: Private

        private enum Step {
            case done(Data)
            case redirect(URL)
        }

        private func fetchOnce(_ url: URL, end: Date, isCancelled: () -> Bool) throws -> Step {
            guard let host = url.host, !host.isEmpty else { throw ImagePipelineError.fetchFailed("no host") }
            let port = url.port ?? 80
            let socket = try Self.connect(host: host, port: port, end: end, idle: idleTimeout)
            defer { close(socket) }
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            var target = components?.percentEncodedPath ?? "/"
            if target.isEmpty { target = "/" }
            if let query = components?.percentEncodedQuery { target += "?" + query }
            let hostHeader = url.port.map { "\(host):\($0)" } ?? host
            let request =
                "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nAccept-Encoding: identity\r\n"
                + "Accept: image/*\r\nConnection: close\r\nUser-Agent: Cascade\r\n\r\n"
            try send(Array(request.utf8), on: socket, end: end)

            // Headers: at most 64 KB.
            var buffer: [UInt8] = []
            var headerEnd: Int?
            while headerEnd == nil {
                guard buffer.count < 65_536 else { throw ImagePipelineError.fetchFailed("headers too long") }
                guard try receive(into: &buffer, from: socket, end: end, isCancelled: isCancelled) else {
                    throw ImagePipelineError.fetchFailed("the connection closed before the headers ended")
                }
                headerEnd = Self.find([13, 10, 13, 10], in: buffer)
            }
            let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
            var body = Array(buffer[(headerEnd! + 4)...])
            let lines = head.components(separatedBy: "\r\n")
            let statusParts = lines.first?.split(separator: " ") ?? []
            guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
                throw ImagePipelineError.fetchFailed("not an HTTP response")
            }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] =
                    line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            if (300...399).contains(status), let location = headers["location"] {
                guard let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                    throw ImagePipelineError.fetchFailed("bad redirect")
                }
                return .redirect(next)
            }
            guard (200...299).contains(status) else { throw ImagePipelineError.status(status) }
            if let encoding = headers["content-encoding"]?.lowercased(), !encoding.isEmpty, encoding != "identity" {
                throw ImagePipelineError.refused("a \(encoding)-encoded body")
            }
            let chunked = headers["transfer-encoding"]?.lowercased().contains("chunked") == true
            let declared = chunked ? nil : headers["content-length"].flatMap { Int($0) }
            if let declared, declared > maximumBytes { throw ImagePipelineError.tooLarge(limit: maximumBytes) }
            // Raw bytes held: the body cap plus room for chunk framing.
            let rawCap = maximumBytes + maximumBytes / 8 + 4096
            while declared.map({ body.count < $0 }) ?? true {
                guard body.count <= rawCap else { throw ImagePipelineError.tooLarge(limit: maximumBytes) }
                // The last chunk ("0", no trailers) ends the body; a server that closes ends it too.
                if chunked, body.count >= 5, Array(body.suffix(5)) == [48, 13, 10, 13, 10] { break }
                guard try receive(into: &body, from: socket, end: end, isCancelled: isCancelled) else { break }
            }
            if let declared, body.count < declared {
                throw ImagePipelineError.fetchFailed("the body ended early")
            }
            let data = chunked ? try Self.dechunk(body) : Data(body.prefix(declared ?? body.count))
            guard data.count <= maximumBytes else { throw ImagePipelineError.tooLarge(limit: maximumBytes) }
            return .done(data)
        }

        private static func connect(host: String, port: Int, end: Date, idle: Double) throws -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw ImagePipelineError.fetchFailed("cannot resolve \(host)")
            }
            defer { freeaddrinfo(list) }
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let info = entry {
                entry = info.pointee.ai_next
                let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
                guard fd >= 0 else { continue }
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                if errno == EINPROGRESS, (try? wait(fd, for: Int16(POLLOUT), end: end, idle: idle)) != nil {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 { return fd }
                }
                close(fd)
            }
            throw ImagePipelineError.fetchFailed("cannot connect to \(host):\(port)")
        }

        /// Waits until `fd` is ready for `events`; throws `.timeout` after `idle` seconds without
        /// readiness or past `end`.
        private static func wait(_ fd: Int32, for events: Int16, end: Date, idle: Double) throws {
            let remaining = end.timeIntervalSinceNow
            guard remaining > 0 else { throw ImagePipelineError.timeout }
            var poller = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(saturating: min(remaining, idle) * 1000)
            guard poll(&poller, 1, max(1, milliseconds)) > 0 else { throw ImagePipelineError.timeout }
        }

        private func send(_ bytes: [UInt8], on fd: Int32, end: Date) throws {
            var offset = 0
            while offset < bytes.count {
                try Self.wait(fd, for: Int16(POLLOUT), end: end, idle: idleTimeout)
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard sent > 0 else { throw ImagePipelineError.fetchFailed("the connection closed while sending") }
                offset += sent
            }
        }

        /// Appends up to 64 KB read from `fd`; false at the end of the stream.
        private func receive(
            into buffer: inout [UInt8], from fd: Int32, end: Date, isCancelled: () -> Bool
        ) throws -> Bool {
            if isCancelled() { throw ImagePipelineError.cancelled }
            try Self.wait(fd, for: Int16(POLLIN), end: end, idle: idleTimeout)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return true }
                throw ImagePipelineError.fetchFailed("read failed (errno \(errno))")
            }
            if count == 0 { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }

        private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
            guard haystack.count >= needle.count + start else { return nil }
            var i = start
            while i <= haystack.count - needle.count {
                if haystack[i] == needle[0], Array(haystack[i..<i + needle.count]) == needle { return i }
                i += 1
            }
            return nil
        }

        /// The data of a chunked body.
        private static func dechunk(_ body: [UInt8]) throws -> Data {
            var output = Data()
            var position = 0
            while true {
                guard let lineEnd = find([13, 10], in: body, from: position), lineEnd - position <= 32 else {
                    throw ImagePipelineError.fetchFailed("the chunked body ended early")
                }
                let sizeText =
                    String(decoding: body[position..<lineEnd], as: UTF8.self)
                    .split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                    throw ImagePipelineError.fetchFailed("bad chunk size")
                }
                if size == 0 { return output }
                let start = lineEnd + 2
                guard size <= body.count, start + size + 2 <= body.count else {
                    throw ImagePipelineError.fetchFailed("the chunked body ended early")
                }
                output.append(contentsOf: body[start..<start + size])
                position = start + size + 2
            }
        }
    }
#endif
