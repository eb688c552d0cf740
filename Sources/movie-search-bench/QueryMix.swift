/// The fixed query mix the benchmark runs: what people type into a film search box.
enum QueryMix {
    /// Common words, rare words, prefixes as typed letter by letter, misses, accents and case, long queries.
    static let queries: [String] = [
        // Whole titles and common words.
        "the matrix", "star wars", "the godfather", "lord of the rings", "casablanca", "pulp fiction",
        "the", "love", "man", "night", "a", "of the", "the man who", "story", "war", "life", "girl", "day",
        "american", "return of the", "king", "the last", "dead", "house", "christmas", "blue", "city",
        // Rare words.
        "godzilla", "zardoz", "rashomon", "koyaanisqatsi", "metropolis", "nosferatu", "vertigo", "fargo",
        "amelie", "solaris", "stalker", "tampopo", "ikiru", "brazil", "chinatown", "psycho",
        // Prefixes, as typed.
        "s", "st", "sta", "star", "star w", "star wa", "mat", "matr", "the ma", "godf", "lo", "lord of t",
        "ter", "termin", "back to the fu", "harry pot", "jur", "alien", "ind", "e", "t", "m",
        // Misses.
        "xyzzy", "qwertyuiop", "matrix revolutions reloaded", "the zzz", "star trek wars jedi", "flibbertigibbet",
        // Accents, case and punctuation.
        "AMÉLIE", "Amélie", "Émile", "Le Mépris", "fabuleux destin", "Æon", "Straße", "L'Absence", "schindler's list",
        "STAR WARS", "Star-Wars", "the MATRIX!", "8½", "Crouching Tiger, Hidden Dragon", "M*A*S*H", "2001",
        // Long and many-word queries.
        "the good the bad and the ugly", "dr strangelove or how i learned to stop worrying and love the bomb",
        "adventures of priscilla queen of the desert", "night of the living dead", "it s a wonderful life",
    ]
}
