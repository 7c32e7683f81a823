extension Trace {
  /// The trace's frames as CSV with the header `t,state,detent,height,backdrop,velocity`.
  /// - Returns: The text, one frame a line after the header (a frame with a non-finite number is left out).
  public func csv() -> String {
    var out = "t,state,detent,height,backdrop,velocity\n"
    for frame in frames where frame.isFinite {
      out += TraceNumber.format(frame.time, decimals: 6)
      out += ",\(frame.state),\(frame.detent ?? "")"
      out += ",\(TraceNumber.format(frame.height))"
      out += ",\(TraceNumber.format(frame.backdrop, decimals: 5))"
      out += ",\(TraceNumber.format(frame.velocity, decimals: 3))\n"
    }
    return out
  }
}
