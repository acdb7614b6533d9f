#ifndef LABELCAT_CFILESYNC_H
#define LABELCAT_CFILESYNC_H

/// syncfs(2) on the file system holding `path` (a folder): every file written on it reaches
/// the disk, in one call. Glibc declares syncfs only with _GNU_SOURCE, which Swift's Glibc
/// module is built without. Returns 0, or -1 with errno set.
int labelcat_syncfs(const char *path);

/// fsync(2) on a folder: the names made, renamed or removed in it reach the disk. Returns 0,
/// or -1 with errno set.
int labelcat_fsync_directory(const char *path);

#endif
