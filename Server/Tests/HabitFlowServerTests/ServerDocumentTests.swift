import Foundation
import HabitFlowTestSupport
import Testing

@testable import HabitFlowServer

/// docs/SERVER.md's examples, sent to a running server in order: each answer has the
/// documented status and shape (the same members; the same values, except those that differ
/// per server: replica ids and the records inside `changes`). A change to the API that the
/// page does not follow fails here.
@Suite struct ServerDocumentTests {
    struct Example {
        var method: String
        var path: String
        var headers: [String]
        var body: String?
        var status: Int
        var answer: Any
    }

    /// The page's `http` blocks, each with the `Answer \`NNN\`` and `json` block after it.
    static func examples() throws -> [Example] {
        let text = try String(contentsOfFile: Repository.path("docs/SERVER.md"), encoding: .utf8)
        var out: [Example] = []
        var rest = Substring(text)
        while let start = rest.range(of: "```http\n") {
            let block = rest[start.upperBound...]
            guard let end = block.range(of: "\n```") else { break }
            let lines = block[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let request = lines[0].split(separator: " ")
            let blank = lines.firstIndex(of: "") ?? lines.count
            let headers = Array(lines[1..<blank])
            let body = blank < lines.count ? lines[(blank + 1)...].joined(separator: "\n") : nil
            rest = block[end.upperBound...]
            guard let answer = rest.range(of: "Answer `"), let json = rest.range(of: "```json\n"),
                let jsonEnd = rest[json.upperBound...].range(of: "\n```")
            else {
                throw TestSetupError(description: "\(lines[0]) has no documented answer")
            }
            let status = Int(rest[answer.upperBound...].prefix(3))!
            let documented = try JSONSerialization.jsonObject(with: Data(rest[json.upperBound..<jsonEnd.lowerBound].utf8))
            out.append(
                Example(
                    method: String(request[0]), path: String(request[1]), headers: headers, body: body, status: status, answer: documented))
            rest = rest[jsonEnd.upperBound...]
        }
        return out
    }

    @Test func everyExampleAnswersAsDocumented() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 6)
        #expect(
            Set(examples.map { "\($0.method) \($0.path.split(separator: "?")[0])" })
                == Set(ServerAPI.routes.map(\.name)), "every route is documented")
        let database = try TestDatabase.fresh("document")
        let server = try ServerProcess(database: database)
        let user = "doc-user"
        let token = try makeToken(database, user: user)
        for example in examples {
            let fill = { (s: String) in s.replacingOccurrences(of: "$TOKEN", with: token).replacingOccurrences(of: "$USER", with: user) }
            let auth = example.headers.first { $0.hasPrefix("Authorization: Bearer ") }.map { fill(String($0.dropFirst(22))) }
            let answer = try HTTP.send(
                example.method, server.url + example.path, token: auth, body: example.body.map { Data(fill($0).utf8) })
            let actual = try? JSONSerialization.jsonObject(with: Data(answer.body.utf8))
            #expect(answer.status == example.status, "\(example.method) \(example.path): \(answer.status) \(answer.body)")
            let mismatch = Self.mismatch(example.answer, actual as Any, at: "")
            #expect(mismatch == nil, "\(example.method) \(example.path): \(mismatch ?? "") in \(answer.body)")
            // The API's table (ServerAPI, its baseline) says what the route reads and answers.
            let name = "\(example.method) \(example.path.split(separator: "?")[0])"
            let route = try #require(ServerAPI.routes.first { $0.name == name }, "\(name) is in ServerAPI.routes")
            let parameters = URLComponents(string: example.path)?.queryItems?.map(\.name) ?? []
            #expect(Set(parameters).isSubset(of: route.parameters), "\(name)")
            if let object = actual as? [String: Any] {
                if let error = object["error"] as? [String: Any], let code = error["code"] as? String {
                    let key =
                        ServerAPI.statuses.contains { $0.code == "\(code)/\(error["field"] as? String ?? "")" }
                        ? "\(code)/\(error["field"] as? String ?? "")" : code
                    #expect(ServerAPI.statuses.first { $0.code == key }?.answer == "\(answer.status)", "\(name): \(answer.body)")
                } else {
                    #expect(Set(object.keys).isSubset(of: route.result.map(\.name)), "\(name) answers \(object.keys.sorted())")
                }
            }
        }
    }

    /// Where `actual` differs from `documented`, or nil.
    static func mismatch(_ documented: Any, _ actual: Any, at path: String) -> String? {
        switch documented {
        case let d as [String: Any]:
            guard let a = actual as? [String: Any] else { return "\(path) is not an object" }
            if d.isEmpty { return nil }  // an elided record
            guard Set(d.keys) == Set(a.keys) else { return "\(path) has members \(a.keys.sorted()), documented \(d.keys.sorted())" }
            for (k, v) in d where k != "replicaId" && k != "stamp" {
                if let m = mismatch(v, a[k]!, at: path + "." + k) { return m }
            }
            return nil
        case let d as [Any]:
            guard let a = actual as? [Any] else { return "\(path) is not an array" }
            if d.isEmpty != a.isEmpty { return "\(path) has \(a.count) items, documented \(d.count)" }
            if path.hasSuffix("changes") { return nil }  // records differ per server run
            return d.count == a.count ? zip(d, a).lazy.compactMap { mismatch($0, $1, at: path + "[]") }.first : "\(path) length"
        default:
            return "\(documented)" == "\(actual)" ? nil : "\(path) is \(actual), documented \(documented)"
        }
    }
}
