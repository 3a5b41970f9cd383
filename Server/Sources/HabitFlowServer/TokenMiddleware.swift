import HabitFlowCore
import HabitFlowPostgres
import Hummingbird

/// Every /v1 request but health acts as its bearer token's user; without a live token it is
/// refused with 401 before anything is read.
struct TokenMiddleware: RouterMiddleware {
    let replicas: Replicas

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        guard let value = request.headers[.authorization] else {
            throw APIError(.forbidden, "this request needs a token: Authorization: Bearer <token>", field: "authorization")
        }
        guard value.hasPrefix("Bearer "), let token = AccessToken(parsing: String(value.dropFirst(7))) else {
            throw APIError(.forbidden, "the Authorization header holds no HabitFlow token", field: "authorization")
        }
        let live = try await replicas.run { () throws(HabitFlowError) -> Bool in
            try replicas.database.tokenIsLive(user: token.user, hash: token.hash)
        }
        guard live else { throw APIError(.forbidden, "the token is unknown or revoked", field: "authorization") }
        var context = context
        context.user = token.user
        return try await next(request, context)
    }
}
