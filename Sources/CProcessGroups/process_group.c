// The keeper: a fork of the harness that leads the new process group and
// does three things the harness cannot do from outside once it is gone.
//
// - It asks the kernel for SIGHUP when the harness dies (PR_SET_PDEATHSIG)
//   and answers it by killing every descendant it has, so a SIGKILLed
//   harness or agent leaves no worker or build behind. The harness sends the
//   same SIGHUP to end a group for good (`ProcessGroup.end`).
// - Descendants, not the process group: a program may move its children
//   to groups or sessions of their own (setsid, setpgid; swift-build does
//   for every compiler it starts), where a signal to the group misses them.
//   As the subreaper, the keeper still has them below it in the process
//   tree, which it reads from /proc.
// - It is the group's child subreaper, so descendants that the program
//   forked and abandoned stay its children; it exits only when every one of
//   them is gone. Its exit therefore means "the group is empty", which is
//   what a timeout has to wait for.
// - It exits the way the program did (same code, same signal), so callers
//   read the program's status from the keeper's.
//
// It ignores SIGTERM and SIGINT: a SIGTERM sent to the group reaches the
// program and its children, and the keeper stays to reap them. SIGKILL
// ends everything. Between fork and exec only async-signal-safe calls run.
#define _GNU_SOURCE
#include "process_group.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

enum { most_processes = 1 << 16 };
static pid_t tree_pid[most_processes], tree_parent[most_processes];
static pid_t doomed[most_processes];
static int doomed_count;

/// The parent pid in /proc/<pid>/stat, or -1 for a process that is gone or
/// already dead (a zombie: SIGKILL does nothing to it, and it has no
/// children left, so it neither needs killing nor links the tree). Only raw
/// system calls: the keeper is a fork of a threaded program and never
/// execs, so malloc (and opendir) could deadlock here.
static pid_t living_parent_of(const char *pid_text) {
    char path[64] = "/proc/";
    size_t used = 6;
    for (const char *c = pid_text; *c && used < sizeof path - 6; c++) path[used++] = *c;
    memcpy(path + used, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return -1;
    text[got] = 0;
    // "pid (name) state ppid …": the name may hold spaces and parentheses; the last ')' ends it.
    char *close_paren = NULL;
    for (char *c = text; *c; c++) if (*c == ')') close_paren = c;
    if (close_paren == NULL || close_paren[1] == 0 || close_paren[2] == 0) return -1;
    char state = close_paren[2];
    if (state == 'Z' || state == 'X' || state == 'x') return -1;
    char *field = close_paren + 4;   // ") S " then the ppid
    if (field - text >= got) return -1;
    pid_t parent = 0;
    for (; *field >= '0' && *field <= '9'; field++) parent = parent * 10 + (*field - '0');
    return parent;
}

struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static int is_doomed(pid_t pid) {
    for (int i = 0; i < doomed_count; i++) if (doomed[i] == pid) return 1;
    return 0;
}

/// SIGKILLs every living process below the keeper in the process tree; the
/// number it had not already killed in an earlier pass (a killed process
/// may still be listed until the kernel has ended it; counting it again
/// would keep the passes going).
static int kill_descendants_once(void) {
    int proc = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) return 0;
    int count = 0;
    char buffer[8192];
    for (;;) {
        long got = syscall(SYS_getdents64, proc, buffer, sizeof buffer);
        if (got <= 0) break;
        for (long offset = 0; offset < got;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            if (entry->d_name[0] < '1' || entry->d_name[0] > '9' || count == most_processes) continue;
            pid_t pid = 0;
            for (const char *c = entry->d_name; *c >= '0' && *c <= '9'; c++) pid = pid * 10 + (*c - '0');
            pid_t parent = living_parent_of(entry->d_name);
            if (parent < 0) continue;
            tree_pid[count] = pid;
            tree_parent[count] = parent;
            count++;
        }
    }
    close(proc);
    pid_t self = getpid();
    int killed = 0, grew = 1;
    while (grew) {
        grew = 0;
        for (int i = 0; i < count; i++) {
            if (tree_pid[i] == 0) continue;
            if (tree_parent[i] != self && !is_doomed(tree_parent[i])) continue;
            pid_t pid = tree_pid[i];
            tree_pid[i] = 0;
            grew = 1;
            if (is_doomed(pid)) {
                kill(pid, SIGKILL);
                continue;
            }
            if (doomed_count < most_processes) doomed[doomed_count++] = pid;
            if (kill(pid, SIGKILL) == 0) killed++;
        }
    }
    return killed;
}

/// The SIGHUP handler. Repeats until a pass kills nobody new: a process may
/// fork or be reparented to the keeper while /proc is read. Everything it
/// calls is async-signal-safe, and SIGHUP is blocked while it runs.
static void kill_descendants(int signal_number) {
    (void)signal_number;
    int saved = errno;
    doomed_count = 0;
    for (int pass = 0; pass < 1000 && kill_descendants_once() > 0; pass++) {}
    errno = saved;
}

static void report(int fd, int error) {
    ssize_t ignored = write(fd, &error, sizeof error);
    (void)ignored;
}

/// Marks every descriptor from `first` close-on-exec.
static void close_on_exec_from(int first) {
    if (syscall(SYS_close_range, (unsigned)first, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
    for (int fd = first; fd < 4096; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
}

/// Closes every descriptor but the four in `kept`. The keeper does this
/// first: it is a fork of the harness and would otherwise hold the
/// harness's files — and the locks on them — until the program is forked.
static void close_all_except(int kept[4]) {
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && kept[j - 1] > kept[j]; j--) {
            int swap = kept[j]; kept[j] = kept[j - 1]; kept[j - 1] = swap;
        }
    int from = 0;
    for (int i = 0; i <= 4; i++) {
        int to = i < 4 ? kept[i] - 1 : INT32_MAX;
        if (i < 4 && kept[i] < from) continue;   // a descriptor kept twice
        if (to >= from && syscall(SYS_close_range, (unsigned)from, (unsigned)to, 0U) != 0) {
            for (int fd = from; fd <= to && fd < 4096; fd++) close(fd);
        }
        if (i < 4) from = kept[i] + 1;
    }
}

static void default_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    for (int number = 1; number < NSIG; number++) {
        if (number == SIGKILL || number == SIGSTOP) continue;
        sigaction(number, &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

static void run_program(const char *path, char *const argv[], char *const envp[],
                        int stdin_fd, int stdout_fd, int stderr_fd, const char *directory, int error_fd) {
    default_signals();
    // Moved above 2 first, so that dup2 onto 0, 1, 2 never overwrites one still needed.
    int in = fcntl(stdin_fd, F_DUPFD, 3), out = fcntl(stdout_fd, F_DUPFD, 3), err = fcntl(stderr_fd, F_DUPFD, 3);
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
        report(error_fd, errno);
        _exit(127);
    }
    close_on_exec_from(3);
    if (directory != NULL && chdir(directory) != 0) {
        report(error_fd, errno);
        _exit(127);
    }
    execve(path, argv, envp);
    report(error_fd, errno);
    _exit(127);
}

static void keep(pid_t harness, const char *path, char *const argv[], char *const envp[],
                 int stdin_fd, int stdout_fd, int stderr_fd, const char *directory, int error_fd) {
    int kept[4] = { stdin_fd, stdout_fd, stderr_fd, error_fd };
    close_all_except(kept);
    setpgid(0, 0);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = kill_descendants;
    sigaction(SIGHUP, &action, NULL);
    action.sa_handler = SIG_IGN;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGPIPE, &action, NULL);
    sigset_t only_hup;
    sigfillset(&only_hup);
    sigdelset(&only_hup, SIGHUP);
    sigprocmask(SIG_SETMASK, &only_hup, NULL);
    prctl(PR_SET_PDEATHSIG, SIGHUP);
    // The harness may have died before the request took effect.
    if (getppid() != harness) _exit(128 + SIGKILL);
    prctl(PR_SET_CHILD_SUBREAPER, 1);

    pid_t program = fork();
    if (program < 0) {
        report(error_fd, errno);
        _exit(127);
    }
    if (program == 0) run_program(path, argv, envp, stdin_fd, stdout_fd, stderr_fd, directory, error_fd);

    // Holds none of the program's pipes: end-of-file must mean the group closed them.
    if (syscall(SYS_close_range, 0U, ~0U, 0U) != 0) {
        for (int fd = 0; fd < 4096; fd++) close(fd);
    }
    int status = 0, program_status = 0;
    for (;;) {
        pid_t reaped = waitpid(-1, &status, 0);
        if (reaped == program) program_status = status;
        if (reaped < 0 && errno == ECHILD) break;
    }
    if (WIFSIGNALED(program_status)) {
        int number = WTERMSIG(program_status);
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigaction(number, &fallback, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        // No core file from the keeper: the program's crash is not its own.
        prctl(PR_SET_DUMPABLE, 0);
        kill(getpid(), number);
        _exit(128 + number);
    }
    _exit(WIFEXITED(program_status) ? WEXITSTATUS(program_status) : 127);
}

pid_t lb_spawn_in_group(const char *path, char *const argv[], char *const envp[],
                        int stdin_fd, int stdout_fd, int stderr_fd, const char *directory,
                        int *spawn_errno) {
    int error_pipe[2];
    if (pipe2(error_pipe, O_CLOEXEC) != 0) {
        *spawn_errno = errno;
        return -1;
    }
    pid_t harness = getpid();
    pid_t keeper = fork();
    if (keeper < 0) {
        *spawn_errno = errno;
        close(error_pipe[0]);
        close(error_pipe[1]);
        return -1;
    }
    if (keeper == 0) {
        close(error_pipe[0]);
        keep(harness, path, argv, envp, stdin_fd, stdout_fd, stderr_fd, directory, error_pipe[1]);
        _exit(127);
    }
    // Also set from here: the caller may signal the group before the keeper runs.
    setpgid(keeper, keeper);
    close(error_pipe[1]);
    int error = 0;
    ssize_t got;
    do { got = read(error_pipe[0], &error, sizeof error); } while (got < 0 && errno == EINTR);
    close(error_pipe[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(keeper, &status, 0) < 0 && errno == EINTR) {}
        *spawn_errno = error;
        return -1;
    }
    return keeper;
}

int lb_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }
