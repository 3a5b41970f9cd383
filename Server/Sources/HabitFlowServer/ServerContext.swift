import Hummingbird

/// A request's context: Hummingbird's core, and the user its token acts as.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `TokenMiddleware`; every route under /v1 except health has one.
    public var user: String?

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
