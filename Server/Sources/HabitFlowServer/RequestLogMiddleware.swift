import Hummingbird
import Logging

/// One structured line per request at `info` (swift-log metadata): method, route, user,
/// status, duration — and one at `debug` as it arrives (a watch may wait a minute before it
/// answers). The route is the path alone, never the query string, so a token a client sends
/// there never reaches a log; the user is the one the bearer token names (checked later).
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        let user = request.headers[.authorization].flatMap { value in
            value.hasPrefix("Bearer ") ? AccessToken(parsing: String(value.dropFirst(7)))?.user : nil
        }
        context.logger.debug(
            "request started", metadata: ["method": "\(request.method.rawValue)", "route": "\(request.uri.path)", "user": "\(user ?? "-")"])
        func log(_ status: Int) {
            let elapsed = ContinuousClock.now - started
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            context.logger.info(
                "request",
                metadata: [
                    "method": "\(request.method.rawValue)", "route": "\(request.uri.path)", "user": "\(user ?? "-")",
                    "status": "\(status)", "ms": "\((ms * 10).rounded() / 10)",
                ])
        }
        do {
            let response = try await next(request, context)
            log(Int(response.status.code))
            return response
        } catch let error as any HTTPResponseError {
            log(Int(error.status.code))
            throw error
        } catch {
            log(500)
            throw error
        }
    }
}
