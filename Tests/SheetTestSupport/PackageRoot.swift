import Foundation

/// The package's root folder (the one holding Package.swift), derived from this file's path
/// (Tests/SheetTestSupport/PackageRoot.swift), so tests find Tests/Scenarios and the sources wherever the
/// checkout is.
public let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
