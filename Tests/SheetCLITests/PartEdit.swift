/// The changes the refusal tables of `sheet merge` make to the parts the shards wrote.
enum PartEdit {
  /// `old` replaced by `new` in each part of `names`; then `files` are merged.
  static func replacing(_ old: String, with new: String, in names: String..., merging files: [String])
    -> @Sendable (inout [String: String]) -> [String]
  {
    { parts in
      for name in names { parts[name] = parts[name]?.replacingOccurrences(of: old, with: new) }
      return files
    }
  }
}
