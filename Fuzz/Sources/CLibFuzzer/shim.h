// libFuzzer's driver, for a main of our own (SwiftPM renames an executable's main, so
// libFuzzer's own main cannot be used). It is in the runtime that -sanitize=fuzzer links.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
