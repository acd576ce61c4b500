// Prints, in the order they first run, the functions of one executable that run while it
// starts and rests: a breakpoint (int3) on every function entry, each taken away on its first
// hit. Linux, x86-64, needs ptrace rights (root, or ptrace_scope 0).
//
//   trace-functions SECONDS EXECUTABLE [ARGUMENTS...] < entries > ran
//
// `entries` holds the functions' addresses as `nm` prints them (hexadecimal, one per line: the
// executable's virtual addresses, which are its load address plus these, since its first segment
// maps file offset 0 at address 0); `ran` gets the same addresses, in the order the functions
// first ran. The traced program's standard output is discarded; after SECONDS it is killed. Exits
// non-zero when the breakpoints cannot be set or the program ends before SECONDS are up.
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    unsigned long address;
    unsigned char original;
} Breakpoint;

static Breakpoint *breakpoints;
static size_t count;

static int byAddress(const void *a, const void *b) {
    unsigned long x = ((const Breakpoint *)a)->address, y = ((const Breakpoint *)b)->address;
    return x < y ? -1 : x > y;
}

static Breakpoint *find(unsigned long address) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (breakpoints[middle].address < address) low = middle + 1; else high = middle;
    }
    return low < count && breakpoints[low].address == address ? &breakpoints[low] : NULL;
}

/// Where the executable is loaded in the traced process (it is position-independent): the start
/// of its mapping of file offset 0.
static unsigned long loadBase(pid_t pid, const char *executable) {
    char path[64], line[1024], resolved[4096];
    if (!realpath(executable, resolved)) return 0;
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *maps = fopen(path, "r");
    unsigned long base = 0;
    while (maps && fgets(line, sizeof line, maps)) {
        unsigned long start, end, offset;
        char file[4096] = "";
        if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %4095s", &start, &end, &offset, file) == 4
            && strcmp(file, resolved) == 0) {
            base = start - offset;
            break;
        }
    }
    if (maps) fclose(maps);
    return base;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: trace-functions SECONDS EXECUTABLE [ARGUMENTS...] < entries\n");
        return 2;
    }
    int seconds = atoi(argv[1]);
    size_t capacity = 1 << 16;
    breakpoints = malloc(capacity * sizeof *breakpoints);
    unsigned long address;
    while (scanf("%lx", &address) == 1) {
        if (count == capacity) breakpoints = realloc(breakpoints, (capacity *= 2) * sizeof *breakpoints);
        breakpoints[count++].address = address;
    }
    qsort(breakpoints, count, sizeof *breakpoints, byAddress);

    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0) _exit(126);
        execv(argv[2], argv + 2);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);  // stopped at exec: mapped, nothing of it has run yet
    if (!WIFSTOPPED(status)) {
        fprintf(stderr, "trace-functions: %s could not be started under ptrace\n", argv[2]);
        return 1;
    }
    ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL);
    unsigned long base = loadBase(pid, argv[2]);
    if (!base) {
        fprintf(stderr, "trace-functions: %s is not mapped in the traced process\n", argv[2]);
        return 1;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/mem", pid);
    int memory = open(path, O_RDWR);
    const unsigned char trap = 0xcc;
    for (size_t i = 0; memory >= 0 && i < count; i++) {
        if (pread(memory, &breakpoints[i].original, 1, base + breakpoints[i].address) != 1
            || pwrite(memory, &trap, 1, base + breakpoints[i].address) != 1) {
            close(memory);
            memory = -1;
        }
    }
    if (memory < 0) {
        fprintf(stderr, "trace-functions: cannot write breakpoints into %s (ptrace rights?)\n", argv[2]);
        kill(pid, SIGKILL);
        return 1;
    }
    ptrace(PTRACE_CONT, pid, 0, 0);

    time_t end = time(NULL) + seconds;
    size_t ran = 0;
    int endedEarly = 0;
    for (;;) {
        pid_t thread = waitpid(-1, &status, __WALL | WNOHANG);
        if (thread == 0) {
            if (time(NULL) >= end) break;
            usleep(200);
            continue;
        }
        if (thread < 0) {
            endedEarly = 1;
            break;
        }
        if (WIFEXITED(status) || WIFSIGNALED(status)) {
            if (thread == pid) {
                endedEarly = 1;
                break;
            }
            continue;
        }
        int signal = WSTOPSIG(status);
        if (signal == SIGTRAP && (status >> 16) == 0) {
            struct user_regs_struct registers;
            ptrace(PTRACE_GETREGS, thread, 0, &registers);
            Breakpoint *hit = find(registers.rip - 1 - base);
            if (hit) {
                unsigned char current = 0;
                pread(memory, &current, 1, base + hit->address);
                if (current == trap) {  // another thread may have taken it away already
                    pwrite(memory, &hit->original, 1, base + hit->address);
                    printf("%lx\n", hit->address);
                    ran++;
                }
                registers.rip -= 1;
                ptrace(PTRACE_SETREGS, thread, 0, &registers);
                ptrace(PTRACE_CONT, thread, 0, 0);
                continue;
            }
        }
        // Thread creation events and a new thread's first stop carry no signal to deliver.
        int deliver = (signal == SIGTRAP && (status >> 16)) || signal == SIGSTOP ? 0 : signal;
        ptrace(PTRACE_CONT, thread, 0, deliver);
    }
    fprintf(stderr, "trace-functions: %zu of %zu functions ran\n", ran, count);
    kill(pid, SIGKILL);
    if (endedEarly) {
        fprintf(stderr, "trace-functions: %s ended before %d seconds were up\n", argv[2], seconds);
        return 1;
    }
    return 0;
}
