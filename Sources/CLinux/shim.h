#ifndef SESSIOND_CLINUX_SHIM_H
#define SESSIOND_CLINUX_SHIM_H
// Linux interfaces the Glibc module does not export: the event loop's descriptors.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <signal.h>
#include <malloc.h>

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
#endif
