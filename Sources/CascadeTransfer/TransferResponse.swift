import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A completed transfer: the whole body (within the limits) and the final response.
///
/// Any status is a response; callers decide what a 404 or a 503 means to them.
public struct TransferResponse: @unchecked Sendable {
    /// The body as delivered (decoded), at most `TransferLimits.maximumBytes` long.
    public var body: Data
    /// The response of the last request (after redirects).
    public var response: HTTPURLResponse

    /// The status code.
    public var statusCode: Int { response.statusCode }

    /// The value of header `name` (compared without case), nil when absent.
    public func header(_ name: String) -> String? {
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame {
                return value as? String
            }
        }
        return nil
    }
}
