/// An object a view only hands things to (a subject it sends events into, a router it asks to navigate), never
/// reads from while rendering: holding one leaves the view's output settled by its other fields, so the renderer
/// compares it by identity and may still skip the view. Any other object makes its view render every time.
public protocol SendOnlyObject: AnyObject {}
