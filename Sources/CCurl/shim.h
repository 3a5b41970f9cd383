// libcurl for the CLI's sync client (the library and its C ABI have no networking).
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these
// typed wrappers can be.
#include <curl/curl.h>

static inline CURLcode hfcurl_set_long(CURL *c, CURLoption o, long v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode hfcurl_set_pointer(CURL *c, CURLoption o, const void *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode hfcurl_set_size(CURL *c, CURLoption o, curl_off_t v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode hfcurl_set_writer(CURL *c, size_t (*f)(char *, size_t, size_t, void *), void *data) {
    CURLcode r = curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, f);
    return r != CURLE_OK ? r : curl_easy_setopt(c, CURLOPT_WRITEDATA, data);
}
static inline long hfcurl_status(CURL *c) {
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    return status;
}
