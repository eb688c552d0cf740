// sse-bench: the playground's own SSE load client. One thread, one epoll loop, libc only, so the meter
// costs far less CPU than the server it measures. Loopback only; every run is bounded by --timeout-s.
//
//   sse-bench fanout  N subscribers over K rooms; E sequential POSTs to one room; per-subscriber latency
//                     (POST written -> patch read) and time until every subscriber of that room had it
//   sse-bench rate    K rooms x S subscribers; P keep-alive publishers POST round-robin for D seconds;
//                     accepted POSTs per second, and every event delivered to every subscriber of its room
//   sse-bench slow    one subscriber that never reads plus N that do; E events: is the stalled one dropped,
//                     do the others still get everything, does the server's memory stay flat
//   sse-bench hold    N idle subscribers held open: server memory per stream
//
// Rooms: --create-rooms asks GET / for K new rooms (303 Location: /rooms/<id>); without it rooms are 0..K-1.
// Last line of every run: RESULT mode=... key=value ...
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

// ---------- options ----------
static const char *mode = "fanout";
static const char *host = "127.0.0.1";
static int port = 8080;
static const char *sub_path = "/rooms/{room}/stream";
static const char *pub_path = "/rooms/{room}/events";
static const char *body = "{\"app\":\"ev\",\"event\":\"changeBothSidesColors\"}";
static const char *content_type = "application/json";
static const char *health_path = NULL;
static int conns = 1, nrooms = 1, create_rooms = 0, events = 20, interval_ms = 100, publish_room = 0;
static int publishers = 4, seconds = 5, hold_s = 5, timeout_s = 120, settle_ms = 500, max_pending = 256;
static int event_timeout_ms = 10000;
static const char *pids = NULL;

// ---------- helpers ----------
static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static double start_ms;
static void die(const char *fmt, ...) {
    va_list a;
    va_start(a, fmt);
    fprintf(stderr, "sse-bench: ");
    vfprintf(stderr, fmt, a);
    fprintf(stderr, "\n");
    va_end(a);
    exit(2);
}
static void check_deadline(void) {
    if (now_ms() - start_ms > timeout_s * 1e3) die("--timeout-s %d reached; stopping", timeout_s);
}
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double pct(double *v, int n, double p) {  // v sorted
    if (n == 0) return -1;
    int i = (int)(p * (n - 1) + 0.5);
    return v[i];
}

// Server processes (comma-separated pids): RSS and CPU from /proc.
static long proc_rss_kb(void) {
    if (!pids) return -1;
    long total = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", pids);
    for (char *p = strtok(list, ","); p; p = strtok(NULL, ",")) {
        char path[64], line[256];
        snprintf(path, sizeof path, "/proc/%s/status", p);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        while (fgets(line, sizeof line, f))
            if (!strncmp(line, "VmRSS:", 6)) total += atol(line + 6);
        fclose(f);
    }
    return total;
}
static double proc_cpu_ms(void) {
    if (!pids) return -1;
    double total = 0;
    char list[256];
    snprintf(list, sizeof list, "%s", pids);
    long hz = sysconf(_SC_CLK_TCK);
    for (char *p = strtok(list, ","); p; p = strtok(NULL, ",")) {
        char path[64], buf[2048];
        snprintf(path, sizeof path, "/proc/%s/stat", p);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = 0;
        char *s = strrchr(buf, ')');
        if (!s) continue;
        unsigned long ut = 0, st = 0;
        // fields after ')': state(3) ... utime(14) stime(15)
        sscanf(s + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st);
        total += (ut + st) * 1000.0 / hz;
    }
    return total;
}
static double self_cpu_ms(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return r.ru_utime.tv_sec * 1e3 + r.ru_utime.tv_usec / 1e3 + r.ru_stime.tv_sec * 1e3 + r.ru_stime.tv_usec / 1e3;
}

static char *subst_room(const char *tmpl, const char *room) {
    static char out[1024];
    const char *at = strstr(tmpl, "{room}");
    if (!at) snprintf(out, sizeof out, "%s", tmpl);
    else snprintf(out, sizeof out, "%.*s%s%s", (int)(at - tmpl), tmpl, room, at + 6);
    return out;
}

static int tcp_connect(int nonblocking, int rcvbuf) {
    int fd = socket(AF_INET, SOCK_STREAM | (nonblocking ? SOCK_NONBLOCK : 0), 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (rcvbuf > 0) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, host, &a.sin_addr);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0 && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}
static void write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EAGAIN || errno == EINTR) continue;
            die("write: %s", strerror(errno));
        }
        p += w;
        n -= w;
    }
}

// One blocking request on a fresh connection (setup and /healthz only). Returns the status; copies the
// response (headers and body) into out.
static int simple_request(const char *method, const char *path, char *out, size_t cap) {
    int fd = tcp_connect(0, 0);
    if (fd < 0) die("connect %s:%d: %s", host, port, strerror(errno));
    char req[2048];
    int n = snprintf(req, sizeof req, "%s %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n", method, path, host, port);
    write_all(fd, req, n);
    size_t got = 0;
    for (;;) {
        ssize_t r = read(fd, out + got, cap - 1 - got);
        if (r <= 0) break;
        got += r;
        if (got >= cap - 1) break;
    }
    out[got] = 0;
    close(fd);
    int status = 0;
    sscanf(out, "HTTP/1.%*d %d", &status);
    return status;
}

// ---------- rooms ----------
static char (*rooms)[64];
static void make_rooms(void) {
    rooms = calloc(nrooms, sizeof *rooms);
    for (int i = 0; i < nrooms; i++) {
        if (!create_rooms) {
            snprintf(rooms[i], sizeof rooms[i], "%d", i);
            continue;
        }
        char resp[8192];
        int st = simple_request("GET", "/", resp, sizeof resp);
        char *loc = strcasestr(resp, "\r\nLocation:");
        if (st != 303 || !loc) die("GET / for a new room answered %d (room %d of %d; is --max-rooms large enough?)", st, i, nrooms);
        char *slash = strstr(loc, "/rooms/");
        if (!slash) die("unexpected Location in %s", resp);
        sscanf(slash + 7, "%63[^\r\n/]", rooms[i]);
    }
}

// ---------- connections ----------
enum kind { SUB, PUB };
enum phase { CONNECTING, HEADERS, STREAMING, CLOSED };
typedef struct conn {
    int fd, kind, phase, room, chunked, index;
    // response headers
    char head[4096];
    int head_len;
    // chunked decoder: 0 size line, 1 data, 2 CRLF after data
    int cstate;
    long cremain;
    char sizeline[32];
    int sizelen;
    // SSE parser
    char line[8];      // first bytes of the current line
    int line_len, line_full_len, event_has_data;
    long event_bytes;  // bytes of the event being parsed
    // measurement
    double got_at;     // when the current event was completed (fanout)
    long events_seen;  // complete data events
    int paused;        // slow subscriber: not reading
    // publisher
    long body_left;
    int pub_busy;
    double pub_t0;
} conn;

static int ep;
static conn *subs;
static int nsubs;
static long last_frame_bytes = 0;
static double measure_t0 = 0;  // fanout: when the current POST was written (0 = not measuring)
static int measure_room = -1;
static long failed = 0, closed_early = 0;
static long measure_got = 0;   // subscribers of measure_room that have the current event

static void on_event_complete(conn *c) {
    c->events_seen++;
    if (c->index == 0 || last_frame_bytes == 0) last_frame_bytes = c->event_bytes;
    if (measure_t0 > 0 && c->room == measure_room && c->got_at == 0 && !c->paused) {
        c->got_at = now_ms();
        measure_got++;
    }
}

// SSE: lines end with LF (CR ignored); a blank line ends an event; an event counts if it had a data: line.
static void sse_feed(conn *c, const char *p, long n) {
    for (long i = 0; i < n; i++) {
        char ch = p[i];
        c->event_bytes++;
        if (ch == '\r') continue;
        if (ch == '\n') {
            if (c->line_full_len == 0) {
                if (c->event_has_data) on_event_complete(c);
                c->event_has_data = 0;
                c->event_bytes = 0;
            } else if (c->line_len >= 5 && !memcmp(c->line, "data:", 5)) {
                c->event_has_data = 1;
            }
            c->line_len = c->line_full_len = 0;
            continue;
        }
        if (c->line_len < (int)sizeof c->line) c->line[c->line_len++] = ch;
        c->line_full_len++;
    }
}

static void body_feed(conn *c, const char *p, long n) {
    if (!c->chunked) {
        sse_feed(c, p, n);
        return;
    }
    while (n > 0) {
        if (c->cstate == 0) {
            char ch = *p++;
            n--;
            if (ch == '\n') {
                c->sizeline[c->sizelen] = 0;
                c->cremain = strtol(c->sizeline, NULL, 16);
                c->sizelen = 0;
                c->cstate = c->cremain > 0 ? 1 : 3;
            } else if (c->sizelen < (int)sizeof c->sizeline - 1) {
                c->sizeline[c->sizelen++] = ch;
            }
        } else if (c->cstate == 1) {
            long take = n < c->cremain ? n : c->cremain;
            sse_feed(c, p, take);
            p += take;
            n -= take;
            c->cremain -= take;
            if (c->cremain == 0) c->cstate = 2;
        } else if (c->cstate == 2) {  // CRLF after the chunk data
            if (*p == '\n') c->cstate = 0;
            p++;
            n--;
        } else {  // last chunk: ignore trailers
            p += n;
            n = 0;
        }
    }
}

static int pending_headers = 0;
static long ready = 0;

static void conn_close(conn *c, int unexpected) {
    if (c->phase == CLOSED) return;
    if (unexpected && c->kind == SUB) {
        if (c->phase != STREAMING) failed++;
        else closed_early++;
    }
    if (c->phase == CONNECTING || c->phase == HEADERS) pending_headers--;
    epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    c->phase = CLOSED;
}

static void sub_open(conn *c, int index, int room, int rcvbuf) {
    memset(c, 0, sizeof *c);
    c->kind = SUB;
    c->index = index;
    c->room = room;
    c->fd = tcp_connect(1, rcvbuf);
    if (c->fd < 0) {
        failed++;
        c->phase = CLOSED;
        return;
    }
    c->phase = CONNECTING;
    pending_headers++;
    struct epoll_event e = {.events = EPOLLOUT | EPOLLIN, .data.ptr = c};
    epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &e);
}

static char rbuf[1 << 16];

// Parses response headers once complete; returns bytes of body that followed them (at *rest).
static int take_headers(conn *c, const char *p, long n, const char **rest, long *restn) {
    long room = sizeof c->head - 1 - c->head_len;
    long take = n < room ? n : room;
    memcpy(c->head + c->head_len, p, take);
    c->head_len += take;
    c->head[c->head_len] = 0;
    char *end = strstr(c->head, "\r\n\r\n");
    if (!end) {
        if (c->head_len >= (int)sizeof c->head - 1) return -1;
        return 0;
    }
    long header_bytes = end + 4 - c->head;
    long consumed_from_p = header_bytes - (c->head_len - take);
    *rest = p + consumed_from_p;
    *restn = n - consumed_from_p;
    return 1;
}

static int status_of(const char *head) {
    int st = 0;
    sscanf(head, "HTTP/1.%*d %d", &st);
    return st;
}

static void sub_readable(conn *c) {
    for (;;) {
        ssize_t r = read(c->fd, rbuf, sizeof rbuf);
        if (r == 0) {
            conn_close(c, 1);
            return;
        }
        if (r < 0) {
            if (errno == EAGAIN) return;
            conn_close(c, 1);
            return;
        }
        const char *p = rbuf;
        long n = r;
        if (c->phase == HEADERS || c->phase == CONNECTING) {
            const char *rest;
            long restn;
            int h = take_headers(c, p, n, &rest, &restn);
            if (h < 0) {
                conn_close(c, 1);
                return;
            }
            if (h == 0) continue;
            if (status_of(c->head) != 200) {
                if (failed < 3) fprintf(stderr, "subscriber %d: %.*s\n", c->index, (int)strcspn(c->head, "\r"), c->head);
                conn_close(c, 1);
                return;
            }
            c->chunked = strcasestr(c->head, "transfer-encoding: chunked") != NULL;
            c->phase = STREAMING;
            pending_headers--;
            ready++;
            p = rest;
            n = restn;
        }
        if (n > 0) body_feed(c, p, n);
    }
}

static void sub_writable(conn *c) {
    int err = 0;
    socklen_t len = sizeof err;
    getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len);
    if (err) {
        conn_close(c, 1);
        return;
    }
    char req[1200];
    int n = snprintf(req, sizeof req,
                     "GET %s HTTP/1.1\r\nHost: %s:%d\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n",
                     subst_room(sub_path, rooms[c->room]), host, port);
    write_all(c->fd, req, n);
    c->phase = HEADERS;
    struct epoll_event e = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &e);
}

// ---------- publishers (keep-alive, one request in flight each) ----------
static conn *pubs;
static long pub_sent = 0, pub_accepted = 0, pub_rejected = 0;
static long *room_accepted;
static double *pub_rtt;
static long pub_rtt_n = 0, pub_rtt_cap = 0;

static void pub_open(conn *c) {
    memset(c, 0, sizeof *c);
    c->kind = PUB;
    c->fd = tcp_connect(0, 0);
    if (c->fd < 0) die("publisher connect: %s", strerror(errno));
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
    c->phase = STREAMING;
    struct epoll_event e = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &e);
}

static void pub_send(conn *c, int room) {
    char req[4096];
    int blen = (int)strlen(body);
    int n = snprintf(req, sizeof req,
                     "POST %s HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: %s\r\nAccept: application/json\r\nContent-Length: %d\r\n\r\n%s",
                     subst_room(pub_path, rooms[room]), host, port, content_type, blen, body);
    c->room = room;
    c->head_len = 0;
    c->body_left = -1;
    c->pub_busy = 1;
    c->pub_t0 = now_ms();
    write_all(c->fd, req, n);
    pub_sent++;
}

static void pub_done(conn *c) {
    int st = status_of(c->head);
    if (st >= 200 && st < 300) {
        pub_accepted++;
        room_accepted[c->room]++;
    } else {
        if (pub_rejected < 3) fprintf(stderr, "publish: %.*s\n", (int)strcspn(c->head, "\r"), c->head);
        pub_rejected++;
    }
    if (pub_rtt_n == pub_rtt_cap) {
        pub_rtt_cap = pub_rtt_cap ? pub_rtt_cap * 2 : 1024;
        pub_rtt = realloc(pub_rtt, pub_rtt_cap * sizeof *pub_rtt);
    }
    pub_rtt[pub_rtt_n++] = now_ms() - c->pub_t0;
    c->pub_busy = 0;
    c->head_len = 0;
}

static void pub_readable(conn *c) {
    for (;;) {
        ssize_t r = read(c->fd, rbuf, sizeof rbuf);
        if (r == 0 || (r < 0 && errno != EAGAIN)) die("publisher connection closed by the server");
        if (r < 0) return;
        const char *p = rbuf;
        long n = r;
        while (n > 0) {
            if (c->body_left < 0) {
                const char *rest;
                long restn;
                int h = take_headers(c, p, n, &rest, &restn);
                if (h < 0) die("publish response headers too large");
                if (h == 0) break;
                char *cl = strcasestr(c->head, "\r\ncontent-length:");
                c->body_left = cl ? atol(cl + 17) : 0;
                p = rest;
                n = restn;
            }
            long take = n < c->body_left ? n : c->body_left;
            p += take;
            n -= take;
            c->body_left -= take;
            if (c->body_left == 0) pub_done(c);
            if (n > 0 && !c->pub_busy) die("unexpected bytes after a publish response");
        }
    }
}

// ---------- the loop ----------
static void pump(int wait_ms) {
    struct epoll_event evs[512];
    int n = epoll_wait(ep, evs, 512, wait_ms);
    for (int i = 0; i < n; i++) {
        conn *c = evs[i].data.ptr;
        if (c->phase == CLOSED) continue;
        if (c->kind == PUB) {
            pub_readable(c);
            continue;
        }
        if (c->phase == CONNECTING && (evs[i].events & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
            sub_writable(c);
            if (c->phase == CLOSED) continue;
        }
        if (evs[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) sub_readable(c);
    }
}

// Opens subscribers i in [0, count), subscriber i in room (i % nrooms), at most max_pending without headers.
static double connect_ms;
static void open_subscribers(int count, int first_rcvbuf) {
    subs = calloc(count, sizeof *subs);
    nsubs = count;
    double t = now_ms();
    int next = 0;
    while (next < count || pending_headers > 0) {
        check_deadline();
        while (next < count && pending_headers < max_pending) {
            sub_open(&subs[next], next, next % nrooms, next == 0 ? first_rcvbuf : 0);
            next++;
        }
        pump(5);
    }
    connect_ms = now_ms() - t;
    // Let the initial messages (retry:, resync) arrive.
    double until = now_ms() + settle_ms;
    while (now_ms() < until) pump(10);
}

static void pump_for(double ms) {
    double until = now_ms() + ms;
    while (now_ms() < until) pump((int)(until - now_ms()) + 1);
}

static void print_health(void) {
    if (!health_path) return;
    char resp[8192];
    simple_request("GET", health_path, resp, sizeof resp);
    char *b = strstr(resp, "\r\n\r\n");
    printf("server health: %s\n", b ? b + 4 : "?");
}

// ---------- modes ----------
static double *lat_all;  // every subscriber's latency, every event
static long lat_n = 0;

// Publishes one event to measure_room and waits until every live subscriber of it has it (or the event timeout).
// Returns time-to-all in ms (-1 if someone never got it); adds per-subscriber latencies to lat_all.
static long delivered = 0, expected = 0;
static double publish_and_wait(conn *pub, int room, double *p50_out) {
    for (int i = 0; i < nsubs; i++) subs[i].got_at = 0;
    measure_room = room;
    measure_got = 0;
    pub_send(pub, room);
    measure_t0 = pub->pub_t0;
    double t0 = measure_t0, deadline = t0 + event_timeout_ms;
    int want = 0;
    for (int i = 0; i < nsubs; i++)
        if (subs[i].room == room && subs[i].phase == STREAMING && !subs[i].paused) want++;
    int got = 0;
    while (now_ms() < deadline) {
        pump(1);
        got = (int)measure_got;
        if (got >= want && !pub->pub_busy) break;
    }
    while (pub->pub_busy && now_ms() < deadline) pump(1);
    got = (int)measure_got;
    measure_t0 = 0;
    double worst = 0;
    double *mine = malloc(sizeof(double) * (want + 1));
    int m = 0;
    for (int i = 0; i < nsubs; i++) {
        if (subs[i].room != room || subs[i].paused) continue;
        if (subs[i].got_at > 0) {
            double l = subs[i].got_at - t0;
            lat_all[lat_n++] = l;
            mine[m++] = l;
            if (l > worst) worst = l;
        }
    }
    qsort(mine, m, sizeof *mine, cmp_double);
    if (p50_out) *p50_out = pct(mine, m, 0.5);
    free(mine);
    delivered += got;
    expected += want;
    return got >= want ? worst : -1;
}

static void summary_latency(const char *label, double *all_times, int e) {
    qsort(lat_all, lat_n, sizeof *lat_all, cmp_double);
    qsort(all_times, e, sizeof *all_times, cmp_double);
    printf("%s: per-subscriber p50=%.2f p90=%.2f p99=%.2f max=%.2f ms; time-to-all p50=%.2f p90=%.2f max=%.2f ms\n",
           label, pct(lat_all, lat_n, .5), pct(lat_all, lat_n, .9), pct(lat_all, lat_n, .99), pct(lat_all, lat_n, 1),
           pct(all_times, e, .5), pct(all_times, e, .9), pct(all_times, e, 1));
}

static int run_fanout(void) {
    open_subscribers(conns, 0);
    printf("connected %ld/%d subscribers over %d room(s) in %.0f ms (failed %ld)\n", ready, conns, nrooms, connect_ms, failed);
    long rss0 = proc_rss_kb();
    conn pub;
    pub_open(&pub);
    lat_all = malloc(sizeof(double) * (size_t)conns * (events + 1));
    double *alls = calloc(events + 1, sizeof(double));
    int ok_events = 0;
    double cpu0 = proc_cpu_ms(), self0 = self_cpu_ms();
    for (int e = 0; e < events; e++) {
        check_deadline();
        double t = now_ms();
        double p50;
        double all = publish_and_wait(&pub, publish_room, &p50);
        if (all >= 0) alls[ok_events++] = all;
        else alls[ok_events++] = 1e9;  // counts as a miss in the percentiles
        double rest = interval_ms - (now_ms() - t);
        if (rest > 0) pump_for(rest);
    }
    double cpu = proc_cpu_ms() - cpu0, self = self_cpu_ms() - self0;
    pump_for(200);
    qsort(pub_rtt, pub_rtt_n, sizeof *pub_rtt, cmp_double);
    summary_latency("fanout", alls, ok_events);
    printf("frame bytes=%ld  publish round trip p50=%.2f ms  server cpu/event=%.2f ms  client cpu/event=%.2f ms  server rss=%ld KiB (before %ld)\n",
           last_frame_bytes, pct(pub_rtt, pub_rtt_n, .5), cpu / events, self / events, proc_rss_kb(), rss0);
    print_health();
    printf("RESULT mode=fanout conns=%d rooms=%d ready=%ld fail=%ld closed=%ld events=%d delivered=%ld expected=%ld "
           "p50_ms=%.2f p99_ms=%.2f all_p50_ms=%.2f all_max_ms=%.2f frame_bytes=%ld server_cpu_ms_per_event=%.2f rss_kb=%ld\n",
           conns, nrooms, ready, failed, closed_early, events, delivered, expected, pct(lat_all, lat_n, .5),
           pct(lat_all, lat_n, .99), pct(alls, ok_events, .5), pct(alls, ok_events, 1), last_frame_bytes, cpu / events,
           proc_rss_kb());
    return (failed || delivered != expected) ? 1 : 0;
}

static int run_rate(void) {
    open_subscribers(conns, 0);
    printf("connected %ld/%d subscribers over %d room(s) in %.0f ms (failed %ld)\n", ready, conns, nrooms, connect_ms, failed);
    long *seen0 = calloc(nsubs, sizeof(long));
    for (int i = 0; i < nsubs; i++) seen0[i] = subs[i].events_seen;
    pubs = calloc(publishers, sizeof *pubs);
    for (int i = 0; i < publishers; i++) pub_open(&pubs[i]);
    int next_room = 0;
    double cpu0 = proc_cpu_ms();
    double t0 = now_ms(), until = t0 + seconds * 1e3;
    while (now_ms() < until) {
        for (int i = 0; i < publishers; i++)
            if (!pubs[i].pub_busy) {
                pub_send(&pubs[i], next_room);
                next_room = (next_room + 1) % nrooms;
            }
        pump(1);
    }
    double deadline = now_ms() + 5000;
    int busy = 1;
    while (busy && now_ms() < deadline) {
        busy = 0;
        for (int i = 0; i < publishers; i++) busy |= pubs[i].pub_busy;
        pump(1);
    }
    double elapsed = now_ms() - t0;
    double cpu = proc_cpu_ms() - cpu0;
    // Wait for the tail: every subscriber should see every accepted event of its room.
    long want = 0, got = 0;
    for (int i = 0; i < nsubs; i++) want += room_accepted[subs[i].room];
    deadline = now_ms() + 10000;
    for (;;) {
        got = 0;
        for (int i = 0; i < nsubs; i++) got += subs[i].events_seen - seen0[i];
        if (got >= want || now_ms() > deadline) break;
        pump(5);
    }
    qsort(pub_rtt, pub_rtt_n, sizeof *pub_rtt, cmp_double);
    printf("rate: %ld POSTs accepted (%ld rejected) in %.0f ms by %d keep-alive publishers = %.0f events/s; "
           "POST round trip p50=%.2f p99=%.2f ms; deliveries %ld/%ld; server cpu %.0f ms\n",
           pub_accepted, pub_rejected, elapsed, publishers, pub_accepted * 1e3 / elapsed, pct(pub_rtt, pub_rtt_n, .5),
           pct(pub_rtt, pub_rtt_n, .99), got, want, cpu);
    print_health();
    printf("RESULT mode=rate conns=%d rooms=%d publishers=%d fail=%ld closed=%ld accepted=%ld rejected=%ld events_per_s=%.0f "
           "delivered=%ld expected=%ld rtt_p50_ms=%.2f server_cpu_ms_per_event=%.3f\n",
           conns, nrooms, publishers, failed, closed_early, pub_accepted, pub_rejected, pub_accepted * 1e3 / elapsed, got,
           want, pct(pub_rtt, pub_rtt_n, .5), pub_accepted ? cpu / pub_accepted : 0.0);
    return (failed || got != want || pub_rejected) ? 1 : 0;
}

static int run_slow(void) {
    // Subscriber 0 has a tiny receive buffer and stops reading once connected.
    nrooms = 1;
    open_subscribers(conns + 1, 2048);
    printf("connected %ld/%d subscribers (one of them stalled) in %.0f ms (failed %ld)\n", ready, conns + 1, connect_ms, failed);
    conn *slow = &subs[0];
    if (slow->phase != STREAMING) die("the stalled subscriber did not connect");
    slow->paused = 1;
    epoll_ctl(ep, EPOLL_CTL_DEL, slow->fd, NULL);
    conn pub;
    pub_open(&pub);
    lat_all = malloc(sizeof(double) * (size_t)(conns + 1) * (events + 1));
    double *alls = calloc(events + 1, sizeof(double));
    long rss0 = proc_rss_kb();
    for (int e = 0; e < events; e++) {
        check_deadline();
        double t = now_ms();
        double all = publish_and_wait(&pub, 0, NULL);
        alls[e] = all >= 0 ? all : 1e9;
        double rest = interval_ms - (now_ms() - t);
        if (rest > 0) pump_for(rest);
    }
    long rss1 = proc_rss_kb();
    // Drain the stalled socket: a dropped subscriber ends with EOF or a reset after the bytes the kernel held.
    fcntl(slow->fd, F_SETFL, fcntl(slow->fd, F_GETFL) & ~O_NONBLOCK);
    struct timeval tv = {.tv_sec = 3};
    setsockopt(slow->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    long drained = 0;
    int ended = 0;
    for (;;) {
        ssize_t r = read(slow->fd, rbuf, sizeof rbuf);
        if (r > 0) {
            drained += r;
            continue;
        }
        ended = r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
        break;
    }
    summary_latency("others", alls, events);
    printf("stalled subscriber: %s after %ld bytes; server rss %ld KiB before the events, %ld KiB after\n",
           ended ? "closed by the server" : "STILL OPEN", drained, rss0, rss1);
    print_health();
    printf("RESULT mode=slow conns=%d events=%d delivered=%ld expected=%ld fail=%ld closed=%ld slow_dropped=%d "
           "p50_ms=%.2f all_p50_ms=%.2f rss_before_kb=%ld rss_after_kb=%ld\n",
           conns, events, delivered, expected, failed, closed_early, ended, pct(lat_all, lat_n, .5), pct(alls, events, .5),
           rss0, rss1);
    return (ended && delivered == expected && !failed) ? 0 : 1;
}

static int run_hold(void) {
    long rss0 = proc_rss_kb();
    open_subscribers(conns, 0);
    pump_for(hold_s * 1e3);
    long rss1 = proc_rss_kb();
    printf("hold: %ld/%d subscribers open for %d s; server rss %ld KiB -> %ld KiB = %.2f KiB per stream\n", ready, conns,
           hold_s, rss0, rss1, ready ? (rss1 - rss0) / (double)ready : 0);
    print_health();
    printf("RESULT mode=hold conns=%d ready=%ld fail=%ld closed=%ld rss_before_kb=%ld rss_kb=%ld kib_per_stream=%.2f\n", conns,
           ready, failed, closed_early, rss0, rss1, ready ? (rss1 - rss0) / (double)ready : 0);
    return failed ? 1 : 0;
}

// Closes every subscriber, then publishes once to every room: a suspended stream's server only notices a peer that
// left when it next writes, so without this the streams of one run would still count against the next run's budget.
static void reap(void) {
    for (int i = 0; i < nsubs; i++) conn_close(&subs[i], 0);
    conn pub;
    pub_open(&pub);
    // Two events: the first write to a closed peer still succeeds (the peer answers with a reset), the second fails.
    for (int round = 0; round < 2; round++)
        for (int r = 0; r < nrooms; r++) {
            pub_send(&pub, r);
            double deadline = now_ms() + 5000;
            while (pub.pub_busy && now_ms() < deadline) pump(1);
        }
    pump_for(300);
    conn_close(&pub, 0);
}

static void usage(void) {
    fprintf(stderr,
            "usage: sse-bench fanout|rate|slow|hold [options]\n"
            "  --host H --port P          server (default 127.0.0.1:8080)\n"
            "  --sub PATH --pub PATH      stream and publish paths, {room} substituted (default /rooms/{room}/stream, /events)\n"
            "  --body S --content-type T  POST body (default the EV changeBothSidesColors event as JSON)\n"
            "  -c N                       subscribers (rate: in total, spread over the rooms)\n"
            "  --rooms K [--create-rooms] rooms (created with GET / when --create-rooms; else named 0..K-1)\n"
            "  --events E --interval-ms I sequential events (fanout, slow) and the time between their starts\n"
            "  --publishers P --seconds D rate: keep-alive publishers and duration\n"
            "  --hold-s S                 hold: seconds to hold the streams open\n"
            "  --pid P[,P..]              server pids: RSS and CPU from /proc\n"
            "  --health PATH              GET it at the end and print the answer (e.g. /healthz)\n"
            "  --timeout-s S              hard limit on the run (default 120)\n");
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 2) usage();
    mode = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name) (!strcmp(a, name) && v && (i++, 1))
        if (OPT("--host")) host = v;
        else if (OPT("--port")) port = atoi(v);
        else if (OPT("--sub")) sub_path = v;
        else if (OPT("--pub")) pub_path = v;
        else if (OPT("--body")) body = v;
        else if (OPT("--content-type")) content_type = v;
        else if (OPT("-c")) conns = atoi(v);
        else if (OPT("--rooms")) nrooms = atoi(v);
        else if (!strcmp(a, "--create-rooms")) create_rooms = 1;
        else if (OPT("--events")) events = atoi(v);
        else if (OPT("--interval-ms")) interval_ms = atoi(v);
        else if (OPT("--publish-room")) publish_room = atoi(v);
        else if (OPT("--publishers")) publishers = atoi(v);
        else if (OPT("--seconds")) seconds = atoi(v);
        else if (OPT("--hold-s")) hold_s = atoi(v);
        else if (OPT("--pid")) pids = v;
        else if (OPT("--health")) health_path = v;
        else if (OPT("--timeout-s")) timeout_s = atoi(v);
        else if (OPT("--settle-ms")) settle_ms = atoi(v);
        else if (OPT("--max-pending")) max_pending = atoi(v);
        else usage();
#undef OPT
    }
    if (strcmp(host, "127.0.0.1") && strcmp(host, "localhost")) die("loopback only: --host 127.0.0.1");
    if (!strcmp(host, "localhost")) host = "127.0.0.1";
    signal(SIGPIPE, SIG_IGN);
    struct rlimit rl;
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    if ((rlim_t)conns + 64 > rl.rlim_cur) die("-c %d needs more descriptors than the limit %lu", conns, (unsigned long)rl.rlim_cur);
    start_ms = now_ms();
    ep = epoll_create1(0);
    make_rooms();
    room_accepted = calloc(nrooms, sizeof(long));
    if (publish_room >= nrooms) die("--publish-room %d is not below --rooms %d", publish_room, nrooms);
    int status;
    if (!strcmp(mode, "fanout")) status = run_fanout();
    else if (!strcmp(mode, "rate")) status = run_rate();
    else if (!strcmp(mode, "slow")) status = run_slow();
    else if (!strcmp(mode, "hold")) status = run_hold();
    else usage();
    fflush(stdout);
    reap();
    return status;
}
