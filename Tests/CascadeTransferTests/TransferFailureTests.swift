import CascadeTransfer
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// libcurl reports a refused certificate as `URLError.unknown` with its own message on Linux:
/// it must read as a certificate problem, not as a network one.
@Suite struct TransferFailureTests {
    private func error(_ code: URLError.Code, _ message: String) -> URLError {
        URLError(code, userInfo: [NSLocalizedDescriptionKey: message])
    }

    @Test(arguments: [
        (URLError.Code.unknown, "SSL certificate problem: self-signed certificate", "certificate"),
        (.unknown, "SSL: no alternative certificate subject name matches target host name 'localhost'", "certificate"),
        (.serverCertificateHasBadDate, "expired", "certificate"),
        (.unknown, "Recv failure: Connection reset by peer", "transport"),
        (.cannotFindHost, "Could not resolve host: x.invalid", "transport"),
        (.cannotConnectToHost, "certificate-looking text but a refused connection", "transport"),
        (.timedOut, "Timeout", "timedOut"), (.cancelled, "", "cancelled"),
    ])
    func errorsAreClassified(code: URLError.Code, message: String, expected: String) {
        let failure = TransferFailure.from(error(code, message))
        let kind: String =
            switch failure {
            case .certificateRejected(let reason): reason == message ? "certificate" : "wrong reason \(reason)"
            case .transport: "transport"
            case .timedOut: "timedOut"
            case .cancelled: "cancelled"
            default: "other"
            }
        #expect(kind == expected, "\(code.rawValue) \(message)")
    }
}
