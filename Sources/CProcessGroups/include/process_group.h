#ifndef LAYOUTBENCH_PROCESS_GROUP_H
#define LAYOUTBENCH_PROCESS_GROUP_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` (both NULL-terminated) in a process
/// group of its own, led by a small keeper process (see process_group.c).
/// `stdin_fd`, `stdout_fd` and `stderr_fd` become the program's 0, 1, 2;
/// `directory` (or NULL) its working directory.
///
/// Returns the keeper's pid, which is also the group id, or -1 with
/// `*spawn_errno` set when the program could not be started.
pid_t lb_spawn_in_group(const char *path, char *const argv[], char *const envp[],
                        int stdin_fd, int stdout_fd, int stderr_fd, const char *directory,
                        int *spawn_errno);

/// pipe2(fds, O_CLOEXEC), which Swift's Glibc module does not export.
int lb_pipe_cloexec(int fds[2]);

#endif
