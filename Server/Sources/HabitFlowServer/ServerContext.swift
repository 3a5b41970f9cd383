import Hummingbird

/// A request's context: Hummingbird's core, and the token it presents.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `TokenMiddleware` (well-formed, not yet checked: `UserEngines.call` checks it
    /// before anything is read); every route under /v1 except health has one.
    var token: AccessToken?

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
