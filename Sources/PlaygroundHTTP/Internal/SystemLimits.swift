#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process limits the server needs.
enum SystemLimits {
    /// Raises the soft open-file limit to the hard limit; returns the new soft limit (nil on failure).
    /// Each stream is one descriptor, and the soft limit is often 1024.
    static func raiseOpenFileLimit() -> UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            guard setrlimit(resource, &limit) == 0 else { return nil }
        }
        return UInt64(limit.rlim_cur)
    }
}
