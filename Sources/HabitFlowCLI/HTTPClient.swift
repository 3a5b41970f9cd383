import CCurl
import HabitFlowProtocol

/// One HTTP exchange with a sync server, through libcurl (http and https; proxies and CA
/// certificates as libcurl's environment variables say), opened on the first exchange.
enum HTTPClient {
    struct Answer {
        var status: Int
        var body: [UInt8]
    }

    /// Sends `method` to `url` with the bearer `token` (and a JSON `body`), and waits up to
    /// `timeout` seconds for the whole answer.
    /// - Throws: `storage` naming `url` when the server cannot be reached.
    static func send(_ method: String, _ url: String, token: String, body: [UInt8]? = nil, timeout: Int) throws(ProtocolError) -> Answer {
        if let why = hfcurl_load() {
            throw ProtocolError(
                .storage, "cannot reach the sync server at \(url): libcurl is needed (apt-get install libcurl4): \(String(cString: why))",
                field: "url")
        }
        guard let curl = hfcurl_easy_init() else { throw ProtocolError(.internal, "libcurl did not start") }
        defer { hfcurl_easy_cleanup(curl) }
        var headers: UnsafeMutablePointer<curl_slist>? = nil
        defer { hfcurl_slist_free_all(headers) }
        headers = hfcurl_slist_append(headers, "Authorization: Bearer " + token)
        headers = hfcurl_slist_append(headers, "Accept: application/json")
        if body != nil {
            headers = hfcurl_slist_append(headers, "Content-Type: application/json")
            // No `Expect: 100-continue` (curl asks it of a body over 1 MB, then waits a second
            // for an answer the server never sends): a push page of 5,000 changes is 2 MB.
            headers = hfcurl_slist_append(headers, "Expect:")
        }
        let received = Received()
        let unmanaged = Unmanaged.passRetained(received)
        defer { unmanaged.release() }
        var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let outcome: CURLcode = url.withCString { urlText in
            method.withCString { methodText in
                errorText.withUnsafeMutableBufferPointer { errorBuffer in
                    _ = hfcurl_set_pointer(curl, CURLOPT_URL, urlText)
                    _ = hfcurl_set_pointer(curl, CURLOPT_CUSTOMREQUEST, methodText)
                    _ = hfcurl_set_pointer(curl, CURLOPT_HTTPHEADER, headers)
                    _ = hfcurl_set_pointer(curl, CURLOPT_ERRORBUFFER, errorBuffer.baseAddress)
                    _ = hfcurl_set_long(curl, CURLOPT_TIMEOUT, timeout)
                    _ = hfcurl_set_long(curl, CURLOPT_CONNECTTIMEOUT, 10)
                    _ = hfcurl_set_long(curl, CURLOPT_NOSIGNAL, 1)
                    _ = hfcurl_set_pointer(curl, CURLOPT_USERAGENT, "habitflow")
                    _ = hfcurl_set_writer(
                        curl,
                        { data, size, count, context in
                            let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
                            let n = size * count
                            guard received.bytes.count + n <= JSONCodec.maxRequestBytes * 4 else { return 0 }  // a runaway answer
                            data.map { received.bytes.append(contentsOf: UnsafeRawBufferPointer(start: $0, count: n)) }
                            return n
                        }, unmanaged.toOpaque())
                    guard let body else { return hfcurl_perform(curl) }
                    return body.withUnsafeBufferPointer { bytes in
                        _ = hfcurl_set_size(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                        _ = hfcurl_set_pointer(curl, CURLOPT_POSTFIELDS, bytes.baseAddress)
                        return hfcurl_perform(curl)
                    }
                }
            }
        }
        guard outcome == CURLE_OK else {
            let written = errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let detail = written.isEmpty ? String(cString: hfcurl_strerror(outcome)) : String(decoding: written, as: UTF8.self)
            throw ProtocolError(.storage, "cannot reach the sync server at \(url): \(detail)", field: "url")
        }
        return Answer(status: hfcurl_status(curl), body: received.bytes)
    }

    private final class Received {
        var bytes: [UInt8] = []
    }
}
