import Foundation

/// Loads feed pages from an HTTP API in the reference schema.
///
/// The page URL comes from a template: `{page}` and `{size}` placeholders are replaced, e.g.
/// `https://example.com/feed?p={page}&n={size}`; a template without placeholders gets `page` and
/// `size` query parameters appended (replacing any already there), e.g.
/// `http://127.0.0.1:8080/feed/c0` → `http://127.0.0.1:8080/feed/c0?page=0&size=10`.
///
/// Relative `cover`/`flv` references resolve against `baseURL`, by default the root of the
/// template's server (`http://127.0.0.1:8080/`), which is the catalog root of `feed_server.py`.
public final class HTTPFeedLoader: FeedLoading {
    /// The URL template.
    public let template: String
    /// What relative references in the feed resolve against.
    public let baseURL: URL
    /// The fetcher doing the requests (timeout, size cap, content types, retries).
    public let fetcher: HTTPFetcher

    /// Creates a loader.
    /// - Parameters:
    ///   - template: the page URL, with `{page}`/`{size}` placeholders or without (query appended).
    ///   - baseURL: what relative references resolve against; nil means the server root.
    ///   - fetcher: the fetcher to use; share one between the channels of a server.
    /// - Throws: `FeedError.invalidURL` when the template is not an http(s) URL.
    public init(template: String, baseURL: URL? = nil, fetcher: HTTPFetcher = HTTPFetcher()) throws(FeedError) {
        let probe = Self.expand(template, page: 0, size: 1)
        guard let url = probe, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { throw .invalidURL(template) }
        self.template = template
        self.fetcher = fetcher
        if let baseURL {
            self.baseURL = baseURL
        } else {
            var components = URLComponents()
            components.scheme = url.scheme
            components.host = url.host
            components.port = url.port
            components.path = "/"
            self.baseURL = components.url ?? url
        }
    }

    /// The URL of one page.
    public func url(page: Int, size: Int) -> URL? {
        Self.expand(template, page: page, size: size)
    }

    /// Fetches and decodes one page.
    /// - Throws: `FeedError`.
    public func page(number: Int, size: Int) async throws -> FeedPage {
        guard let url = url(page: number, size: size) else { throw FeedError.invalidURL(template) }
        let data = try await fetcher.fetch(url)
        return try FeedPageDecoder(baseURL: baseURL).decode(data)
    }

    // MARK: Internal

    static func expand(_ template: String, page: Int, size: Int) -> URL? {
        if template.contains("{page}") || template.contains("{size}") {
            let text = template.replacingOccurrences(of: "{page}", with: String(page))
                .replacingOccurrences(of: "{size}", with: String(size))
            return URL(string: text)
        }
        guard var components = URLComponents(string: template) else { return nil }
        var items = (components.queryItems ?? []).filter { $0.name != "page" && $0.name != "size" }
        items.append(URLQueryItem(name: "page", value: String(page)))
        items.append(URLQueryItem(name: "size", value: String(size)))
        components.queryItems = items
        return components.url
    }
}
