// What one journal step costs SQLite outside the server: rows keyed as the store keys them (room number << 32 |
// step, 100 rooms in turn), the store's pragmas and VFS, one transaction per BATCH rows; COLD bytes of memory
// touched before each transaction stand for the cache the server's fan-out leaves behind. Prints CPU per row.
//   cc -O2 -I Sources/CSQLiteBatchedWAL/include -o /tmp/sqlite-commit Benchmarks/sqlite-commit.c
//      Sources/CSQLiteBatchedWAL/batched_wal.c -lsqlite3 -lpthread   (one line)
//   /tmp/sqlite-commit [ROWS=40000] [BATCH=1] [COLD=0] [ENTRY_BYTES=320] [PAGE=1024]
// Writes /tmp/sqlite-commit.db (and its WAL), removed at the end.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batched_wal.h"

static double cpuMicroseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void run(sqlite3 *db, const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "%s: %s\n", sql, error);
        exit(1);
    }
}

int main(int argc, char **argv) {
    long rows = argc > 1 ? atol(argv[1]) : 40000, batch = argc > 2 ? atol(argv[2]) : 1;
    long cold = argc > 3 ? atol(argv[3]) : 0, entryBytes = argc > 4 ? atol(argv[4]) : 320;
    int page = argc > 5 ? atoi(argv[5]) : 1024;
    if (rows < 1 || batch < 1 || cold < 0 || entryBytes < 1 || entryBytes > 1 << 20) {
        fprintf(stderr, "usage: sqlite-commit [ROWS>0] [BATCH>0] [COLD>=0] [ENTRY_BYTES 1..1048576] [PAGE]\n");
        return 2;
    }
    const char *path = "/tmp/sqlite-commit.db";
    unlink(path);
    unlink("/tmp/sqlite-commit.db-wal");
    if (batched_wal_register() != SQLITE_OK) return 1;
    sqlite3 *db;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, batched_wal_name) != SQLITE_OK) return 1;
    char pragmas[512];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA page_size=%d; PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
             "CREATE TABLE steps (key INTEGER PRIMARY KEY, entry TEXT NOT NULL);", page);
    run(db, pragmas);
    sqlite3_wal_autocheckpoint(db, 8192);  // the store checkpoints every 8,192 frames too (on its own thread)
    sqlite3_stmt *insert;
    sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO steps (key, entry) VALUES (?, ?)", -1, &insert, NULL);
    char *entry = malloc(entryBytes);
    memset(entry, 'x', entryBytes);
    char *junk = cold ? calloc(1, cold) : NULL;
    long steps[100] = {0};
    double spent = 0;
    for (long row = 0; row < rows; row++) {
        if (row % batch == 0) {
            for (long byte = 0; byte < cold; byte += 64) junk[byte]++;
        }
        double start = cpuMicroseconds();
        if (batch > 1 && row % batch == 0) run(db, "BEGIN");
        long room = (row * 37) % 100;
        sqlite3_bind_int64(insert, 1, (sqlite3_int64)(room + 1) << 32 | ++steps[room]);
        sqlite3_bind_text(insert, 2, entry, (int)entryBytes, SQLITE_STATIC);
        if (sqlite3_step(insert) != SQLITE_DONE) {
            fprintf(stderr, "insert: %s\n", sqlite3_errmsg(db));
            return 1;
        }
        sqlite3_reset(insert);
        if (batch > 1 && (row % batch == batch - 1 || row == rows - 1)) run(db, "COMMIT");
        spent += cpuMicroseconds() - start;
    }
    printf("rows=%ld batch=%ld cold_bytes=%ld entry_bytes=%ld page=%d: %.2f us of CPU per row\n", rows, batch, cold,
           entryBytes, page, spent / rows);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    unlink(path);
    unlink("/tmp/sqlite-commit.db-wal");
    return 0;
}
