#include "hfcurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcurl's functions, found once by hfcurl_load.
static struct {
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[256] = "not loaded";  // empty once loaded: written by load alone

static void load(void) {
    // The soname of libcurl 7.16 and later (Debian's libcurl4, either TLS flavour).
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define FIND(field, name)                                                            \
    if ((*(void **)&curl.field = dlsym(lib, name)) == NULL) {                        \
        snprintf(failure, sizeof failure, "libcurl.so.4 has no %s", name);          \
        return;                                                                      \
    }
    FIND(easy_init, "curl_easy_init")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    // A handle's first use would run it, but not thread-safely: once, here.
    CURLcode (*global_init)(long);
    *(void **)&global_init = dlsym(lib, "curl_global_init");
    if (global_init == NULL || global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(failure, sizeof failure, "libcurl.so.4 did not start (curl_global_init)");
        return;
    }
    failure[0] = '\0';
}

const char *hfcurl_load(void) {
    pthread_once(&once, load);  // and orders what load wrote before what follows
    return failure[0] == '\0' ? NULL : failure;
}

CURL *hfcurl_easy_init(void) { return curl.easy_init(); }
void hfcurl_easy_cleanup(CURL *c) { curl.easy_cleanup(c); }
CURLcode hfcurl_perform(CURL *c) { return curl.easy_perform(c); }
const char *hfcurl_strerror(CURLcode code) { return curl.easy_strerror(code); }
struct curl_slist *hfcurl_slist_append(struct curl_slist *list, const char *text) { return curl.slist_append(list, text); }
void hfcurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode hfcurl_set_long(CURL *c, CURLoption o, long v) { return curl.easy_setopt(c, o, v); }
CURLcode hfcurl_set_pointer(CURL *c, CURLoption o, const void *v) { return curl.easy_setopt(c, o, v); }
CURLcode hfcurl_set_size(CURL *c, CURLoption o, curl_off_t v) { return curl.easy_setopt(c, o, v); }
CURLcode hfcurl_set_writer(CURL *c, size_t (*f)(char *, size_t, size_t, void *), void *data) {
    CURLcode r = curl.easy_setopt(c, CURLOPT_WRITEFUNCTION, f);
    return r != CURLE_OK ? r : curl.easy_setopt(c, CURLOPT_WRITEDATA, data);
}
long hfcurl_status(CURL *c) {
    long status = 0;
    curl.easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    return status;
}
