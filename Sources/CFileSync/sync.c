#define _GNU_SOURCE
#include "CFileSync.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int sync_folder(const char *path, int whole_file_system) {
    int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    int status = whole_file_system ? syncfs(descriptor) : fsync(descriptor);
    int failure = errno;
    close(descriptor);
    errno = failure;
    return status;
}

int labelcat_syncfs(const char *path) { return sync_folder(path, 1); }

int labelcat_fsync_directory(const char *path) { return sync_folder(path, 0); }
