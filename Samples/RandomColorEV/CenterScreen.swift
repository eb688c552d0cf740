import OpenCombine
import PlaygroundUI

/// The middle page: teal, "Center", and the button that fires the event.
struct CenterScreen: View {
    @Environment(\.eventSubject) var eventSubject

    var body: some View {
        ZStack {
            Color.teal

            VStack {
                Text("Center")
                    .font(.largeTitle)
                    .foregroundColor(.white)

                Button {
                    eventSubject.send(.changeBothSidesColors)
                } label: {
                    Text("Change colors")
                }
                .buttonStyle(.bordered)
            }
        }
    }
}
