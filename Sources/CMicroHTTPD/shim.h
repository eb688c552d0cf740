#ifndef PLAYGROUND_CMICROHTTPD_SHIM_H
#define PLAYGROUND_CMICROHTTPD_SHIM_H

// libmicrohttpd for Swift. Swift cannot call C variadic functions, so each variadic MHD call the
// server needs is wrapped here in a `static inline` function with a fixed signature.

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <microhttpd.h>

/// Wrapper around MHD_start_daemon(): every option goes through one MHD_OPTION_ARRAY
/// (terminated by an MHD_OPTION_END item), so the variadic list stays fixed.
static inline struct MHD_Daemon *playground_mhd_start_daemon(unsigned int flags,
                                                              uint16_t port,
                                                              MHD_AccessHandlerCallback handler,
                                                              void *handler_cls,
                                                              struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

static inline int playground_hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/// MHD_OPTION_UNESCAPE_CALLBACK: percent-decodes the path and query values in place as libmicrohttpd's own does,
/// except that "%00" stays as it is: a decoded NUL would end the C string, so "/healthz%00x" would be served as
/// "/healthz" and "?query=a%00%01" read as "a", past every check on what follows the NUL.
static size_t playground_mhd_unescape(void *cls, struct MHD_Connection *connection, char *value) {
    (void)cls;
    (void)connection;
    char *read = value, *write = value;
    while (*read != '\0') {
        int high = read[0] == '%' ? playground_hex_value(read[1]) : -1;
        int low = high >= 0 ? playground_hex_value(read[2]) : -1;
        if (low >= 0 && (high | low) != 0) {
            *write++ = (char)(high * 16 + low);
            read += 3;
        } else {
            *write++ = *read++;
        }
    }
    *write = '\0';
    return (size_t)(write - value);
}

/// The unescape callback as an option value.
static inline intptr_t playground_mhd_unescape_callback(void) {
    return (intptr_t)&playground_mhd_unescape;
}

/// Wrapper around MHD_get_daemon_info(MHD_DAEMON_INFO_BIND_PORT): the port actually bound
/// (useful after binding port 0); 0 when unknown.
static inline uint16_t playground_mhd_bind_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Wrapper around MHD_get_daemon_info(MHD_DAEMON_INFO_CURRENT_CONNECTIONS).
static inline unsigned int playground_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// Wrapper around MHD_get_connection_info(MHD_CONNECTION_INFO_CLIENT_ADDRESS): the peer's address or NULL.
static inline const struct sockaddr *playground_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

/// Wrapper around MHD_get_connection_info(MHD_CONNECTION_INFO_CONNECTION_FD): the connection's socket or -1.
static inline int playground_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// Wrapper around MHD_get_connection_info(MHD_CONNECTION_INFO_SOCKET_CONTEXT): what the connection-notify callback
/// stored for the connection, or NULL.
static inline void *playground_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Wrapper around MHD_set_connection_option(MHD_CONNECTION_OPTION_TIMEOUT): per-connection idle timeout (0 = none).
static inline enum MHD_Result playground_mhd_set_connection_timeout(struct MHD_Connection *connection,
                                                                    unsigned int seconds) {
    return MHD_set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}

/// Wrapper around MHD_set_response_options() with one flag set and no further options.
static inline enum MHD_Result playground_mhd_set_response_flags(struct MHD_Response *response,
                                                                enum MHD_ResponseFlags flags) {
    return MHD_set_response_options(response, flags, MHD_RO_END);
}

#endif
