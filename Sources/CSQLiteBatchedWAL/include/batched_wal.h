#ifndef BATCHED_WAL_H
#define BATCHED_WAL_H

/// Registers the VFS "batched-wal" (once; later calls do nothing) and returns SQLITE_OK or SQLite's error code.
/// It is the default VFS with one change: a commit's WAL frames reach the kernel in one write, not two per frame.
int batched_wal_register(void);

/// The VFS's name, for sqlite3_open_v2.
extern const char *const batched_wal_name;

#endif
