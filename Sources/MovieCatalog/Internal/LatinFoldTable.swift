// Generated from Python's unicodedata (canonical decomposition, base letter kept) plus a few letters that
// have no decomposition (ß → ss, æ → ae, ø → o, ł → l, đ → d, þ → th …). Do not edit by hand.

/// Folding of Latin letters with diacritics to plain lowercase ASCII, for case- and accent-insensitive search.
///
/// `""` marks a separator (a symbol such as `×` or `«`); `nil` marks a letter with no ASCII fold, which
/// ``TextFolding`` then lowercases as it is.
enum LatinFoldTable {
    /// The first scalar of ``latin`` (U+00AA, `ª`).
    static let latinStart: UInt32 = 0xAA
    /// Folds for U+00AA … U+024F (Latin-1 Supplement, Latin Extended-A and -B).
    static let latin: [String?] = [
        "a", "", "", "", "", "", "", "", nil, nil, "", nil, "", "", "", nil,
        "o", "", nil, nil, nil, "", "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e",
        "e", "e", "i", "i", "i", "i", "d", "n", "o", "o", "o", "o", "o", "", "o", "u",
        "u", "u", "u", "y", "th", "ss", "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e",
        "e", "e", "i", "i", "i", "i", "d", "n", "o", "o", "o", "o", "o", "", "o", "u",
        "u", "u", "u", "y", "th", "y", "a", "a", "a", "a", "a", "a", "c", "c", "c", "c",
        "c", "c", "c", "c", "d", "d", "d", "d", "e", "e", "e", "e", "e", "e", "e", "e",
        "e", "e", "g", "g", "g", "g", "g", "g", "g", "g", "h", "h", "h", "h", "i", "i",
        "i", "i", "i", "i", "i", "i", "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l",
        "l", "l", "l", "l", "l", "l", "l", "l", "l", "n", "n", "n", "n", "n", "n", nil,
        "n", "n", "o", "o", "o", "o", "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r",
        "s", "s", "s", "s", "s", "s", "s", "s", "t", "t", "t", "t", "t", "t", "u", "u",
        "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "w", "w", "y", "y", "y", "z",
        "z", "z", "z", "z", "z", nil, "b", nil, nil, nil, nil, nil, nil, nil, nil, nil,
        nil, nil, nil, nil, nil, nil, nil, nil, "f", nil, nil, nil, nil, "i", nil, nil,
        nil, nil, nil, nil, nil, nil, "o", "o", nil, nil, nil, nil, nil, nil, nil, nil,
        nil, nil, nil, nil, nil, "u", "u", nil, nil, nil, nil, "z", "z", nil, nil, nil,
        nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, "dz", "dz", "dz", "lj", "lj", "lj",
        "nj", "nj", "nj", "a", "a", "i", "i", "o", "o", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "u", nil, "a", "a", "a", "a", nil, nil, "g", "g", "g", "g", "k", "k",
        "o", "o", "o", "o", nil, nil, "j", "dz", "dz", "dz", "g", "g", nil, nil, "n", "n",
        "a", "a", nil, nil, nil, nil, "a", "a", "a", "a", "e", "e", "e", "e", "i", "i",
        "i", "i", "o", "o", "o", "o", "r", "r", "r", "r", "u", "u", "u", "u", "s", "s",
        "t", "t", nil, nil, "h", "h", nil, nil, nil, nil, nil, nil, "a", "a", "e", "e",
        "o", "o", "o", "o", "o", "o", "o", "o", "y", "y", nil, nil, nil, nil, nil, nil,
        nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
        nil, nil, nil, nil, nil, nil,
    ]
    /// The first scalar of ``extended`` (U+1E00).
    static let extendedStart: UInt32 = 0x1E00
    /// Folds for U+1E00 … U+1EFF (Latin Extended Additional, used by Vietnamese among others).
    static let extended: [String?] = [
        "a", "a", "b", "b", "b", "b", "b", "b", "c", "c", "d", "d", "d", "d", "d", "d",
        "d", "d", "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "f", "f",
        "g", "g", "h", "h", "h", "h", "h", "h", "h", "h", "h", "h", "i", "i", "i", "i",
        "k", "k", "k", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l", "l", "m", "m",
        "m", "m", "m", "m", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
        "o", "o", "o", "o", "p", "p", "p", "p", "r", "r", "r", "r", "r", "r", "r", "r",
        "s", "s", "s", "s", "s", "s", "s", "s", "s", "s", "t", "t", "t", "t", "t", "t",
        "t", "t", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "v", "v", "v", "v",
        "w", "w", "w", "w", "w", "w", "w", "w", "w", "w", "x", "x", "x", "x", "y", "y",
        "z", "z", "z", "z", "z", "z", "h", "t", "w", "y", nil, nil, nil, nil, "ss", nil,
        "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a", "a",
        "a", "a", "a", "a", "a", "a", "a", "a", "e", "e", "e", "e", "e", "e", "e", "e",
        "e", "e", "e", "e", "e", "e", "e", "e", "i", "i", "i", "i", "o", "o", "o", "o",
        "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o", "o",
        "o", "o", "o", "o", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "y", "y", "y", "y", "y", "y", "y", "y", nil, nil, nil, nil, nil, nil,
    ]
}
