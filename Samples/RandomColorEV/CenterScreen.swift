import PlaygroundUI

/// The middle page: teal, "Center", and the button that fires the event.
struct CenterScreen: View {
    var body: some View {
        ZStack {
            Color.teal

            VStack {
                Text("Center")
                    .font(.largeTitle)
                    .foregroundColor(.white)

                // The seed's closure is `eventSubject.send(.changeBothSidesColors)`. On the web a press is a POST
                // of the event, and the room sends it into this room's `eventSubject` in the same way.
                Button(posting: EventEnum.changeBothSidesColors) {
                    Text("Change colors")
                }
                .buttonStyle(.bordered)
            }
        }
    }
}
