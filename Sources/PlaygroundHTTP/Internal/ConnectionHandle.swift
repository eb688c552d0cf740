/// A libmicrohttpd connection pointer that may cross threads.
///
/// `@unchecked Sendable`: libmicrohttpd allows `MHD_resume_connection` from any thread; every use outside the MHD
/// thread happens under the lock of the object holding the handle (`EventStream.state`, `RequestContext.state`),
/// and that object drops the handle before libmicrohttpd frees the connection.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
