import Foundation
import Testing

@testable import CascadeTransfer

@Suite struct ProxyRouteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        let environment: [String: String]
        let route: ProxyRoute
        var testDescription: String { "\(url) \(environment.sorted { $0.key < $1.key })" }
    }

    private static let proxy = "http://127.0.0.1:3128"

    /// libcurl's rules, case by case (curl(1) ENVIRONMENT, CURLOPT_NOPROXY).
    static let cases: [Case] = [
        Case(url: "http://a.test/v.mp4", environment: [:], route: .direct),
        Case(url: "http://a.test/v.mp4", environment: ["http_proxy": proxy], route: .through(proxy)),
        // Upper-case HTTP_PROXY is not read for http (a CGI server sets it from a request header).
        Case(url: "http://a.test/v.mp4", environment: ["HTTP_PROXY": proxy], route: .direct),
        Case(url: "https://a.test/v.mp4", environment: ["http_proxy": proxy], route: .direct),
        Case(url: "https://a.test/v.mp4", environment: ["https_proxy": proxy], route: .through(proxy)),
        Case(url: "https://a.test/v.mp4", environment: ["HTTPS_PROXY": proxy], route: .through(proxy)),
        Case(url: "https://a.test/v.mp4", environment: ["ALL_PROXY": proxy], route: .through(proxy)),
        Case(url: "http://a.test/v.mp4", environment: ["all_proxy": proxy], route: .through(proxy)),
        Case(url: "http://a.test/v.mp4", environment: ["http_proxy": "127.0.0.1:3128"], route: .through(proxy)),
        Case(url: "http://a.test/v.mp4", environment: ["http_proxy": "  "], route: .direct),
        Case(url: "file:///tmp/v.mp4", environment: ["http_proxy": proxy], route: .direct),
        // no_proxy: names and their subdomains, a leading dot ignored, case ignored.
        Case(url: "http://a.test/", environment: ["http_proxy": proxy, "no_proxy": "a.test"], route: .direct),
        Case(url: "http://cdn.a.test/", environment: ["http_proxy": proxy, "no_proxy": ".A.test"], route: .direct),
        Case(url: "http://ba.test/", environment: ["http_proxy": proxy, "no_proxy": "a.test"], route: .through(proxy)),
        Case(url: "http://a.test./", environment: ["http_proxy": proxy, "no_proxy": "a.test"], route: .direct),
        Case(url: "http://b.test/", environment: ["http_proxy": proxy, "no_proxy": "a.test, b.test"], route: .direct),
        Case(url: "http://b.test/", environment: ["http_proxy": proxy, "NO_PROXY": "b.test"], route: .direct),
        Case(url: "http://b.test/", environment: ["http_proxy": proxy, "no_proxy": "*"], route: .direct),
        Case(url: "http://b.test/", environment: ["http_proxy": proxy, "no_proxy": "*.test"], route: .through(proxy)),
        // Addresses: exact, or inside a network.
        Case(
            url: "http://127.0.0.1:8080/", environment: ["http_proxy": proxy, "no_proxy": "127.0.0.1"], route: .direct),
        Case(
            url: "http://127.0.0.2/", environment: ["http_proxy": proxy, "no_proxy": "127.0.0.1"],
            route: .through(proxy)),
        Case(url: "http://127.9.0.2/", environment: ["http_proxy": proxy, "no_proxy": "127.0.0.0/8"], route: .direct),
        Case(
            url: "http://10.0.0.1/", environment: ["http_proxy": proxy, "no_proxy": "127.0.0.0/8"],
            route: .through(proxy)),
        Case(url: "http://[::1]:8080/", environment: ["http_proxy": proxy, "no_proxy": "::1"], route: .direct),
        Case(url: "http://[::1]:8080/", environment: ["http_proxy": proxy, "no_proxy": "[::1]"], route: .direct),
        Case(url: "http://[fd00::5]/", environment: ["http_proxy": proxy, "no_proxy": "fd00::/8"], route: .direct),
        Case(
            url: "http://[fe00::5]/", environment: ["http_proxy": proxy, "no_proxy": "fd00::/8"], route: .through(proxy)
        ),
        // An address never matches as a name suffix, and a bad network matches nothing.
        Case(url: "http://10.0.0.1/", environment: ["http_proxy": proxy, "no_proxy": "0.0.1"], route: .through(proxy)),
        Case(
            url: "http://10.0.0.1/", environment: ["http_proxy": proxy, "no_proxy": "10.0.0.0/33"],
            route: .through(proxy)),
    ]

    @Test(arguments: cases)
    func routesAsLibcurlDoes(_ example: Case) throws {
        let url = try #require(URL(string: example.url))
        #expect(ProxyRoute.route(for: url, environment: example.environment) == example.route)
    }
}
