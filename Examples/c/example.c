/* A C host of HabitFlow Core: which day is it, where, and how long is that day?
 *
 *   cc example.c $(pkg-config --cflags --libs habitflow) -o example && ./example
 */
#include <habitflow.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    if (hf_version_number() != HF_VERSION_NUMBER) {
        fprintf(stderr, "header %s but library %s\n", HF_VERSION, hf_version());
        return 1;
    }
    printf("habitflow %s\n", hf_version());

    /* The fast path: no JSON. 2024-03-30T23:30:00Z is already Sunday in Amsterdam. */
    char day[11];
    int rc = hf_day_key(1711841400, "Europe/Amsterdam", day);
    if (rc != HF_OK) return 1;
    printf("dayKey: %s\n", day);

    /* Everything else: one JSON request, one JSON response, freed with hf_string_free. */
    char *response = NULL;
    rc = hf_call("{\"op\":\"time.dayRange\",\"args\":{\"zone\":\"America/St_Johns\",\"dayKey\":\"2010-11-07\"}}",
                 &response);
    printf("dayRange (status %d): %s\n", rc, response);
    hf_string_free(response);

    /* Errors come back the same way, with a stable code and the field at fault. */
    rc = hf_call("{\"op\":\"time.dayKey\",\"args\":{\"zone\":\"Mars/Olympus\",\"instant\":\"2024-01-01T00:00:00Z\"}}",
                 &response);
    printf("error (status %d == HF_EUNKNOWN_ZONE %d): %s\n", rc, HF_EUNKNOWN_ZONE, response);
    hf_string_free(response);
    return rc == HF_EUNKNOWN_ZONE ? 0 : 1;
}
