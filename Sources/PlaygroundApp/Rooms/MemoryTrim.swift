/// glibc's `malloc_trim` (malloc.h), which Swift's Glibc module does not export: gives the free memory of glibc's
/// arenas back to the system.
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

enum MemoryTrim {
    /// Returns freed heap memory to the system (after rooms were dropped: glibc would keep it for reuse, so the
    /// process's resident size would not show what hibernation freed).
    static func releaseFreedMemory() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }
}
