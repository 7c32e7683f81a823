import SheetCore

extension Trace {
  /// The trace's frames as CSV with the header `t,state,detent,target,height,backdrop,dh_dt,index`
  /// (`target`: where the running transition goes, empty when none runs; `dh_dt`: the height's rate of
  /// change, pt/s, + = growing; `index`: the fractional detent index, ``TraceFrame/index``), then the optional columns, each only when the run used it, always in this
  /// order: `keyboard` (the keyboard's height, points; 0 before it appeared) when a keyboard was shown,
  /// `scroll` (the scroll view's content offset, empty on a frame without one) when a frame has a
  /// scroll view, and `behind_scale`, `behind_corner_radius`, `behind_offset` and `behind_dim` (the view
  /// behind the sheet, empty on a frame without one) when a frame describes it.
  /// - Returns: The text, one frame a line after the header (a frame with a non-finite number is left out).
  public func csv() -> String {
    let keyboard = hasKeyboard
    let scrollColumn = hasScroll
    let behindColumns = hasBehind
    var out = "t,state,detent,target,height,backdrop,dh_dt,index"
    out += (keyboard ? ",keyboard" : "") + (scrollColumn ? ",scroll" : "")
    out += (behindColumns ? ",behind_scale,behind_corner_radius,behind_offset,behind_dim\n" : "\n")
    for frame in frames where frame.isFinite {
      out += TraceNumber.format(frame.time, decimals: 6)
      out += ",\(frame.state.rawValue),\(frame.detent ?? ""),\(frame.target?.name ?? "")"
      out += ",\(TraceNumber.format(frame.height))"
      out += ",\(TraceNumber.format(frame.backdrop, decimals: 5))"
      out += ",\(TraceNumber.format(frame.velocity, decimals: 3))"
      out += ",\(TraceNumber.format(frame.index, decimals: TraceFrame.indexDecimals))"
      if keyboard { out += ",\(TraceNumber.format(frame.keyboard ?? 0))" }
      if scrollColumn { out += "," + (frame.scroll.map { TraceNumber.format($0) } ?? "") }
      if behindColumns {
        let d = JSONWriter.behindDecimals
        out +=
          frame.behind.map {
            "," + TraceNumber.format($0.scale, decimals: d.scale) + ","
              + TraceNumber.format($0.cornerRadius, decimals: d.cornerRadius) + ","
              + TraceNumber.format($0.offset, decimals: d.offset) + ","
              + TraceNumber.format($0.dim, decimals: d.dim)
          } ?? ",,,,"
      }
      out += "\n"
    }
    return out
  }
}
