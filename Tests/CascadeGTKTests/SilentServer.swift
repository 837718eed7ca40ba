import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP listener on 127.0.0.1 that never accepts or answers: the kernel completes the
/// handshake and the client then waits forever, like a stalled CDN.
final class SilentServer {
    let port: UInt16
    private var descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
