import MovieCatalog

/// The seed's `Movie`: one result of TMDB's `GET /3/search/movie` (`id`, `title`, `overview`, `poster_path`, plus
/// `release_date`, `vote_average` and `vote_count`).
///
/// The playground's own TMDB-compatible endpoint fills `overview` from its catalog with the year, running time,
/// MPAA rating and genres (`1999 · 136 min · R · Action`); a real TMDB sends a plot summary there.
public typealias Movie = TMDBMovie
