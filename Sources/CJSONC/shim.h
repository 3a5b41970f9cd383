// json-c for Swift: the library's own umbrella header, nothing added.
#include <json-c/json.h>
