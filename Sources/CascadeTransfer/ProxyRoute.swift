import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a request for a URL goes through a proxy, and which, read from the environment by
/// libcurl's rules: what `BoundedTransferSession` does through libcurl, stated for transports
/// that are not libcurl (GStreamer's `souphttpsrc` reads `http_proxy` and nothing else).
///
/// - The proxy: `http_proxy` for http (lower case only, as libcurl: a CGI server sets
///   `HTTP_PROXY` from a request's `Proxy:` header), `https_proxy` or `HTTPS_PROXY` for https,
///   then `all_proxy` or `ALL_PROXY`. An empty value is no proxy; a value without a scheme is
///   an `http://` proxy.
/// - The exceptions: `no_proxy` or `NO_PROXY`, a list separated by commas or spaces. `*` alone
///   matches every host; a name matches itself and its subdomains (a leading dot is ignored);
///   an IP address matches itself, and an address with `/bits` its network.
///
/// ```swift
/// if case .through(let proxy) = ProxyRoute.route(for: url, environment: environment) { … }
/// ```
public enum ProxyRoute: Equatable, Sendable {
    /// The request goes straight to its host.
    case direct
    /// The request goes through the proxy at this address (`scheme://host:port`).
    case through(String)

    /// The route of a request for `url` under `environment` (the process's by default).
    ///
    /// - Complexity: O(length of `no_proxy`).
    public static func route(
        for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ProxyRoute {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host.map(normalizedHost), !host.isEmpty
        else { return .direct }
        let names = scheme == "http" ? ["http_proxy"] : ["https_proxy", "HTTPS_PROXY"]
        guard let proxy = (names + ["all_proxy", "ALL_PROXY"]).lazy.compactMap({ environment[$0] }).first,
            !proxy.trimmingCharacters(in: .whitespaces).isEmpty
        else { return .direct }
        let exceptions = environment["no_proxy"] ?? environment["NO_PROXY"] ?? ""
        if isExcepted(host, by: exceptions) { return .direct }
        let trimmed = proxy.trimmingCharacters(in: .whitespaces)
        return .through(trimmed.contains("://") ? trimmed : "http://" + trimmed)
    }

    // MARK: Private

    /// The host as compared: lower case, without IPv6 brackets or a trailing dot.
    private static func normalizedHost(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }

    private static func isExcepted(_ host: String, by list: String) -> Bool {
        let entries = list.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        if entries.count == 1, entries[0] == "*" { return true }
        let hostAddress = IPAddress(host)
        for entry in entries {
            var pattern = entry.lowercased()
            if pattern.hasPrefix("["), let end = pattern.firstIndex(of: "]") {
                pattern =
                    String(pattern[pattern.index(after: pattern.startIndex)..<end])
                    + String(pattern[pattern.index(after: end)...])
            }
            while pattern.hasPrefix(".") { pattern.removeFirst() }
            while pattern.hasSuffix(".") { pattern.removeLast() }
            guard !pattern.isEmpty else { continue }
            if let hostAddress {
                if matches(hostAddress, network: pattern) { return true }
            } else if host == pattern || host.hasSuffix("." + pattern) {
                return true
            }
        }
        return false
    }

    /// Whether `address` is `pattern` (an address) or inside it (`address/bits`).
    private static func matches(_ address: IPAddress, network pattern: String) -> Bool {
        let parts = pattern.split(separator: "/", maxSplits: 1).map(String.init)
        guard let network = IPAddress(parts[0]), network.bytes.count == address.bytes.count else { return false }
        let width = address.bytes.count * 8
        var bits = width
        if parts.count == 2 {
            guard let given = Int(parts[1]), given >= 0, given <= width else { return false }
            bits = given
        }
        for index in address.bytes.indices {
            let take = min(8, max(0, bits - index * 8))
            guard take > 0 else { break }
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - take))
            if address.bytes[index] & mask != network.bytes[index] & mask { return false }
        }
        return true
    }

    /// An IPv4 or IPv6 address as its bytes in network order.
    private struct IPAddress {
        let bytes: [UInt8]

        init?(_ text: String) {
            #if canImport(Glibc)
                var v4 = in_addr()
                if inet_pton(AF_INET, text, &v4) == 1 {
                    bytes = withUnsafeBytes(of: &v4) { Array($0) }
                    return
                }
                var v6 = in6_addr()
                if inet_pton(AF_INET6, text, &v6) == 1 {
                    bytes = withUnsafeBytes(of: &v6) { Array($0) }
                    return
                }
            #endif
            return nil
        }
    }
}
