import FilmsKit
import RoomServices

extension FilmsView {

    /// What the interactor needs: the API, the room's door for requests (so the journal keeps the answers), and
    /// the way an answer comes back as an action.
    public struct Dependencies {
        let api: FilmsAPI
        let effects: Effects
        let answers: Answers

        public init(api: FilmsAPI, effects: Effects, answers: Answers) {
            (self.api, self.effects, self.answers) = (api, effects, answers)
        }
    }

    /// Where an effect's answer goes: `viewState.trigger`, wired once the view state exists. An action ends when
    /// its tasks do, so an answer cannot come back through the action that asked (that would hold the queue).
    public final class Answers {
        var send: (VAction) -> Void = { _ in }
        public init() {}
    }
}
