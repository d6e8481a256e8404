#ifndef GALLEY_CPLATFORM_H
#define GALLEY_CPLATFORM_H

// System calls that Swift cannot reach through Glibc: the C library either has no wrapper for
// them or declares them variadic. Each returns -1 and sets errno where the system lacks it.

/// O_PATH, which Glibc's headers hide from Swift behind _GNU_SOURCE: a descriptor that names a
/// folder without opening it for reading, to resolve names below it.
#define GALLEY_O_PATH 010000000

/// openat2(2) with RESOLVE_BENEATH, and with RESOLVE_NO_SYMLINKS when `no_symlinks` is set: the
/// kernel refuses any path that would leave `dirfd`.
int galley_open_beneath(int dirfd, const char *path, int flags, unsigned int mode, int no_symlinks);

/// renameat2(2) with RENAME_EXCHANGE: swaps two names in one step.
int galley_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// pidfd_open(2): a descriptor of the process `pid` is now, close-on-exec.
int galley_pidfd_open(int pid);

/// pidfd_send_signal(2) with SIGKILL: stops the process `pidfd` names, and no other, even after
/// it has exited and its number is another process's.
int galley_pidfd_kill(int pidfd);

/// getdents64(2): the entries of the folder `fd`, from where its last call stopped, packed into
/// `buffer` as the kernel's `linux_dirent64` records. The byte count, 0 at the end.
long galley_getdents64(int fd, void *buffer, unsigned long size);

/// memfd_create(2), close-on-exec: a file that lives in memory only, open for reading and
/// writing, gone once its last descriptor is closed.
int galley_memory_file(const char *name);

#endif
