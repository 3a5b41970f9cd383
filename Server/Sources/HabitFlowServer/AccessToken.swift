import Crypto
import Foundation
import HabitFlowCore

/// An access token: `hf1.<user, base64url>.<32 random bytes, base64url>`.
///
/// The token names its user, so checking it reads one user's rows (the tables distribute by
/// user); the server keeps only its SHA-256, so a copy of the database grants nothing.
public struct AccessToken: Sendable, Equatable {
    public var user: String
    public var text: String

    /// A new random token for `user`.
    public static func make(user: String) -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return AccessToken(user: user, text: "hf1." + base64url(Array(user.utf8)) + "." + base64url(secret))
    }

    /// The token in an `Authorization` value's text, or `nil` when it is not one.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 512, parts.count == 3, parts[0] == "hf1", parts[2].utf8.count == 43,
            let userBytes = Self.unbase64url(String(parts[1])), let user = String(validating: userBytes, as: UTF8.self),
            (try? RecordID.validate(user, field: "user")) != nil
        else { return nil }
        self.init(user: user, text: text)
    }

    init(user: String, text: String) {
        self.user = user
        self.text = text
    }

    /// What the database keeps.
    public var hash: [UInt8] { Array(SHA256.hash(data: Array(text.utf8))) }

    static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func unbase64url(_ text: String) -> [UInt8]? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ c in
                (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c) || (0x30...0x39).contains(c) || c == 0x2D || c == 0x5F
            })
        else { return nil }
        var b64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while b64.utf8.count % 4 != 0 { b64 += "=" }
        return Data(base64Encoded: b64).map(Array.init)
    }
}
