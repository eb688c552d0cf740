import RoomServices

/// Glue, not from the article: `ColorModel`'s `UUID()` (four an EV event) without Foundation's `/dev/urandom` open,
/// read and close per call.
typealias UUID = DrawnUUID
