import Foundation

/// A self-signed certificate for `127.0.0.1`, made with `openssl` for one test, and a CA bundle
/// that trusts it beside the system's.
///
/// Swift's URLSession on Linux (libcurl) reads only the system bundle
/// (`/etc/ssl/certs/ca-certificates.crt`); `SSL_CERT_FILE` and `CURL_CA_BUNDLE` are not read.
/// So a child that must trust the certificate runs in a private mount namespace where `bundle`
/// is bind-mounted over the system file (`CascadeProcess(…, trusting:)`): nothing changes for
/// the rest of the machine, and nothing is left when the child exits.
public final class TestCertificate: @unchecked Sendable {
    /// The folder holding the files (removed by `remove()` and at deinit).
    public let directory: URL
    /// The certificate (PEM).
    public let certificate: URL
    /// Its private key (PEM).
    public let key: URL
    /// The system's CA bundle followed by `certificate`.
    public let bundle: URL

    /// The system CA bundle libcurl reads.
    public static let systemBundle = URL(fileURLWithPath: "/etc/ssl/certs/ca-certificates.crt")

    /// Makes a fresh key and certificate (valid for two days, for IP 127.0.0.1).
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        certificate = directory.appendingPathComponent("cert.pem")
        key = directory.appendingPathComponent("key.pem")
        bundle = directory.appendingPathComponent("bundle.pem")
        do {
            try ChildProcess.run(
                "/usr/bin/openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path,
                    "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                ])
            var trusted = (try? Data(contentsOf: Self.systemBundle)) ?? Data()
            trusted.append(contentsOf: Array("\n".utf8))
            trusted.append(try Data(contentsOf: certificate))
            try trusted.write(to: bundle)
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// Deletes the files.
    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
