/// A seeded SplitMix64 generator: the one seeded source of random numbers in the package (`sheet fuzz`
/// and the tests' random sessions), never the system generator, so a seed gives the same numbers in
/// every process.
///
/// The algorithm and its constants are Steele, Lea and Flood's (“Fast splittable pseudorandom number
/// generators”, OOPSLA 2014), as in Vigna's reference `splitmix64.c`: the state moves by the golden
/// gamma `0x9E3779B97F4A7C15` and each output is the state through two xor-shift-multiply rounds.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state.
  public var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in `lo...hi`.
  public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
    Double.random(in: lo...hi, using: &self)
  }
  /// A uniform integer in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
  /// `true` with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }
  /// A standard normal draw (mean 0, deviation 1): Box and Muller's transform of two uniform draws,
  /// `sqrt(-2 ln u1) cos(2 pi u2)` (the first kept above 0, so its logarithm is finite).
  public mutating func gaussian() -> Double {
    let u1 = max(uniform(0, 1), .leastNormalMagnitude)
    let u2 = uniform(0, 1)
    return (-2 * CMath.log(u1)).squareRoot() * CMath.cos(2 * Double.pi * u2)
  }
}
