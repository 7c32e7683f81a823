import SheetCore

extension Behaviour {
  /// Attaches the sheet to `edge` instead of the edge the behaviour declares: the host's choice, as
  /// vaul's `direction` prop and FloatingPanel's layout position are. The behaviour's callbacks then see
  /// `sheet.edge` as `edge` and, for a side sheet, the screen along its axis (its width as
  /// `screen.height`, the finger's x as `gesture.y`).
  /// - Parameter edge: The edge; nil keeps the behaviour's own.
  public func attach(to edge: SheetEdge?) {
    if let edge { configuration.edge = edge }
  }
}
