#ifndef SESSIOND_CLINUX_SHIM_H
#define SESSIOND_CLINUX_SHIM_H
// Linux interfaces the Glibc module does not export: the event loop's descriptors.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <signal.h>
#include <malloc.h>
#include <sys/ioctl.h>

/// The columns of the terminal `fd` is, or -1 when it is none (ioctl is variadic, which
/// Swift does not call).
static inline int clinux_terminal_columns(int fd) {
    struct winsize size;
    return ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0 ? size.ws_col : -1;
}

/// accept4(2) is declared only under _GNU_SOURCE; this accepts a connection that is
/// non-blocking and close-on-exec from the start.
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
static inline int clinux_accept(int fd) {
    return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/// SO_PEERCRED's struct ucred needs _GNU_SOURCE; this returns its fields.
static inline int clinux_peer_credentials(int fd, unsigned int *uid, unsigned int *gid, int *pid) {
    struct {
        int pid;
        unsigned int uid;
        unsigned int gid;
    } credentials;
    socklen_t length = sizeof(credentials);
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length);
    if (result == 0) {
        *uid = credentials.uid;
        *gid = credentials.gid;
        *pid = credentials.pid;
    }
    return result;
}
/// SO_PEERGROUPS (Linux 4.13): the peer's supplementary groups as they were when it
/// connected. Writes at most *count gids and sets *count to how many there are;
/// returns -1 (errno ERANGE) when the buffer was too small.
#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif
static inline int clinux_peer_groups(int fd, unsigned int *groups, int *count) {
    socklen_t length = (socklen_t)(*count) * sizeof(unsigned int);
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &length);
    *count = (int)(length / sizeof(unsigned int));
    return result;
}

/// memfd_create(2) and its seals need _GNU_SOURCE: a sealed memory file holding `size`
/// bytes of `data`, for a journal entry too large for one datagram. Returns the
/// descriptor or -1.
#include <sys/mman.h>
#include <fcntl.h>
#include <unistd.h>
#include <errno.h>
extern int memfd_create(const char *name, unsigned int flags);
#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 0x0001U
#define MFD_ALLOW_SEALING 0x0002U
#endif
#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_GET_SEALS 1034
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif
static inline int clinux_sealed_memfd(const char *name, const void *data, size_t size) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(fd, (const char *)data + written, size - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            close(fd);
            return -1;
        }
        written += (size_t)n;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/// Sends descriptor `fd` alone (SCM_RIGHTS, an empty payload) to the datagram
/// address `address`: how a large journal entry travels.
static inline ssize_t clinux_send_descriptor(int sock, const struct sockaddr *address, socklen_t length, int fd) {
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    struct msghdr message = {0};
    message.msg_name = (void *)address;
    message.msg_namelen = length;
    message.msg_control = control.space;
    message.msg_controllen = sizeof(control.space);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    *(int *)CMSG_DATA(header) = fd;
    return sendmsg(sock, &message, MSG_NOSIGNAL);
}
/// The receiving side of `clinux_send_descriptor` (journald's, and the tests'): reads
/// one datagram into `buffer` and the descriptor it carries into *fd (-1 if none).
static inline ssize_t clinux_receive_with_descriptor(int sock, void *buffer, size_t size, int *fd) {
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int))];
    } control;
    struct iovec vector = {buffer, size};
    struct msghdr message = {0};
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof(control.space);
    *fd = -1;
    ssize_t received = recvmsg(sock, &message, MSG_CMSG_CLOEXEC);
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    if (received >= 0 && header && header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS) {
        *fd = *(int *)CMSG_DATA(header);
    }
    return received;
}
#endif
