#ifndef PLAYGROUND_CMICROHTTPD_SHIM_H
#define PLAYGROUND_CMICROHTTPD_SHIM_H

// libmicrohttpd for Swift. Swift cannot call C variadic functions, so each variadic MHD call the
// server needs is wrapped here in a `static inline` function with a fixed signature.

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <stdlib.h>
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

/// Where each request header's key starts and its value ends, as libmicrohttpd reports them.
struct playground_header_spans {
    size_t count, capacity;
    const char **keys;
    const char **ends;
};

static enum MHD_Result playground_collect_header_span(void *cls, enum MHD_ValueKind kind, const char *key,
                                                      size_t key_size, const char *value, size_t value_size) {
    (void)kind;
    (void)key_size;
    struct playground_header_spans *spans = cls;
    if (spans->count == spans->capacity) return MHD_NO;
    spans->keys[spans->count] = key;
    spans->ends[spans->count] = value == NULL ? NULL : value + value_size;
    spans->count++;
    return MHD_YES;
}

/// True when a request header's line holds more than the value libmicrohttpd reports: a NUL byte in the value, or a
/// line folded onto the next (obs-fold). libmicrohttpd 0.9.75 keeps a header value as a C string, so
/// "Content-Type: application/json\0text/plain" reads as "application/json", past every check on what follows.
///
/// It reads the request head libmicrohttpd parsed in place: every line starts at its key, its CR and LF (and the
/// colon) are overwritten with NULs, and the head ends `MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE` bytes after the
/// request line, which starts at `method` (the access handler's argument). So between a value's end and the next
/// line's key there are only the 1 or 2 NULs of its line end (2 to 4 after the last header, with the empty line);
/// anything else was in the line after a NUL. `method` must be the pointer libmicrohttpd passed to the handler.
static inline int playground_mhd_header_line_holds_more(struct MHD_Connection *connection, const char *method) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    int total = MHD_get_connection_values(connection, MHD_HEADER_KIND, NULL, NULL);
    if (info == NULL || method == NULL || total <= 0) return 0;
    const char *head_end = method + info->header_size;
    const char *keys_on_stack[32], *ends_on_stack[32];
    struct playground_header_spans spans = {0, (size_t)total, keys_on_stack, ends_on_stack};
    if (total > 32) {
        spans.keys = malloc(sizeof(const char *) * (size_t)total);
        spans.ends = malloc(sizeof(const char *) * (size_t)total);
        if (spans.keys == NULL || spans.ends == NULL) {
            free(spans.keys);
            free(spans.ends);
            return 1;  // cannot check: refuse rather than let it through
        }
    }
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, playground_collect_header_span, &spans);
    int holds = 0;
    for (size_t i = 0; i < spans.count && !holds; i++) {
        const char *key = spans.keys[i], *end = spans.ends[i];
        // A key outside the head was moved there (a folded line's key is reallocated).
        if (end == NULL || key < method || end < key || end >= head_end) {
            holds = 1;
            break;
        }
        const char *next = head_end;
        for (size_t j = 0; j < spans.count; j++)
            if (spans.keys[j] > end && spans.keys[j] < next) next = spans.keys[j];
        size_t line_end = (size_t)(next - end);
        if (line_end < 1 || line_end > (next == head_end ? 4 : 2)) holds = 1;
        for (const char *byte = end; byte < next && !holds; byte++)
            if (*byte != '\0') holds = 1;
    }
    if (spans.keys != keys_on_stack) {
        free(spans.keys);
        free(spans.ends);
    }
    return holds;
}

#endif
