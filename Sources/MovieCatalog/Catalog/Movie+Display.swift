extension Movie {
    /// The title as people write it, with a trailing article moved back to the front
    /// ("Matrix, The" → "The Matrix", "Absence, L'" → "L'Absence").
    public var displayTitle: String {
        TitleArticle.naturalTitle(title)
    }

    /// A one-line summary made only from the data: year, running time, MPAA rating and genres,
    /// for example `1999 · 136 min · R · Action`.
    public var summary: String {
        var parts = ["\(year)", "\(length) min"]
        if let mpaa { parts.append(mpaa) }
        if !genres.isEmpty { parts.append(genres.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// A TMDB-style release date. The data holds only the year, so the date is the first of January: `1999-01-01`.
    public var releaseDate: String {
        let digits = String(abs(year))
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return (year < 0 ? "-" : "") + padded + "-01-01"
    }
}
