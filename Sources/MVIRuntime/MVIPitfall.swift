import AppSeam

extension Pitfall {
    /// MVI's pitfall, declared once for every MVI app (the article's view model applies whichever answer arrives);
    /// an app switches it with ``MVIIntents/appliesEveryAnswer``.
    public static let staleAnswerWins = Pitfall(
        name: "stale-answer-wins",
        articleCode: "loadMovies(query:) subscribes to every request and sets uiState in onNext, whichever answer arrives",
        goesWrong: "a slow answer for an older query overwrites the newer query's results, so the page shows films for what you no longer searched",
        fix: "every intent takes a generation; LatestWins delivers an answer only while its generation is the latest and drops the rest",
        fixFile: "MVIRuntime/LatestWins.swift", fixLines: 162...170, bites: "stale answer shown")
}
