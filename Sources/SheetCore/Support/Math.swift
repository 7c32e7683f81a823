#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C math functions SheetCore uses, in one place so that no other file imports the C library.
package enum CMath {
  package static func exp(_ x: Double) -> Double { cExp(x) }
  package static func log(_ x: Double) -> Double { cLog(x) }
  package static func sin(_ x: Double) -> Double { cSin(x) }
  package static func cos(_ x: Double) -> Double { cCos(x) }
}

private func cExp(_ x: Double) -> Double { exp(x) }
private func cLog(_ x: Double) -> Double { log(x) }
private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
