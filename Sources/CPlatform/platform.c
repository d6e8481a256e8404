#define _GNU_SOURCE
#include "CPlatform.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>

#ifdef __linux__
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

_Static_assert(GALLEY_O_PATH == O_PATH, "O_PATH differs on this system");

int galley_open_beneath(int dirfd, const char *path, int flags, unsigned int mode, int no_symlinks) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.mode = (flags & O_CREAT) ? mode : 0;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (no_symlinks ? RESOLVE_NO_SYMLINKS : 0);
    // A `..` on the way (a link to `../media/photo.jpg`) is checked against every rename made
    // meanwhile anywhere on the system, and one made during the walk gets EAGAIN: ask again.
    for (int attempt = 0; attempt < 100; attempt++) {
        int opened = (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
        if (opened >= 0 || errno != EAGAIN) return opened;
    }
    return -1;
}

int galley_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, 2 /* RENAME_EXCHANGE */);
}

#ifndef SYS_pidfd_send_signal
#define SYS_pidfd_send_signal 424
#endif

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int galley_pidfd_open(int pid) {
    // A pidfd is close-on-exec always.
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int galley_pidfd_kill(int pidfd) {
    return (int)syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
}

long galley_getdents64(int fd, void *buffer, unsigned long size) {
    return syscall(SYS_getdents64, fd, buffer, size);
}

#ifndef SYS_memfd_create
#define SYS_memfd_create 319
#endif

int galley_memory_file(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1 /* MFD_CLOEXEC */);
}
#else
int galley_open_beneath(int dirfd, const char *path, int flags, unsigned int mode, int no_symlinks) {
    errno = ENOSYS;
    return -1;
}

int galley_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    errno = ENOSYS;
    return -1;
}

int galley_pidfd_open(int pid) {
    errno = ENOSYS;
    return -1;
}

int galley_pidfd_kill(int pidfd) {
    errno = ENOSYS;
    return -1;
}

long galley_getdents64(int fd, void *buffer, unsigned long size) {
    errno = ENOSYS;
    return -1;
}

int galley_memory_file(const char *name) {
    errno = ENOSYS;
    return -1;
}
#endif
