// libcurl for the CLI's sync client (the library and its C ABI have no networking), opened
// with dlopen the first time the CLI talks to a server: linked, libcurl and the 29 libraries
// it needs (TLS, Kerberos, LDAP, ...) would load with every call of the CLI, 3.9 ms of its
// start, most calls never reaching a server. curl.h gives the types and constants only.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: the setters
// here are typed. Call hfcurl_load first; every other function needs it to have succeeded.
#ifndef HFCURL_H
#define HFCURL_H

#include <stddef.h>
#include <curl/curl.h>

/// Opens libcurl (libcurl.so.4) and finds its functions, once per process (thread-safe).
/// Returns NULL when it is ready; otherwise why (dlerror's text), a string of this library's
/// that lives as long as the process. A failed load is not tried again.
const char *hfcurl_load(void);

CURL *hfcurl_easy_init(void);
void hfcurl_easy_cleanup(CURL *c);
CURLcode hfcurl_perform(CURL *c);
const char *hfcurl_strerror(CURLcode code);
struct curl_slist *hfcurl_slist_append(struct curl_slist *list, const char *text);
void hfcurl_slist_free_all(struct curl_slist *list);

CURLcode hfcurl_set_long(CURL *c, CURLoption o, long v);
CURLcode hfcurl_set_pointer(CURL *c, CURLoption o, const void *v);
CURLcode hfcurl_set_size(CURL *c, CURLoption o, curl_off_t v);
/// CURLOPT_WRITEFUNCTION `f`, then CURLOPT_WRITEDATA `data`.
CURLcode hfcurl_set_writer(CURL *c, size_t (*f)(char *, size_t, size_t, void *), void *data);
/// The last answer's HTTP status (CURLINFO_RESPONSE_CODE), 0 when there was none.
long hfcurl_status(CURL *c);

#endif
