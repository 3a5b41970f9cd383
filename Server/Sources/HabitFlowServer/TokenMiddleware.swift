import HabitFlowCore
import HabitFlowPostgres
import Hummingbird

/// Every /v1 request but health acts as its bearer token's user: a request without a
/// well-formed token is refused with 401 here; whether the token is live is checked by
/// `UserEngines.call`, in the same job as the engine call it guards, before anything is read.
struct TokenMiddleware: RouterMiddleware {
    let engines: UserEngines

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        guard let value = request.headers[.authorization] else {
            throw APIError(.forbidden, "this request needs a token: Authorization: Bearer <token>", field: "authorization")
        }
        guard value.hasPrefix("Bearer "), let token = AccessToken(parsing: String(value.dropFirst(7))) else {
            throw APIError(.forbidden, "the Authorization header holds no HabitFlow token", field: "authorization")
        }
        var context = context
        context.token = token
        return try await next(request, context)
    }
}
