#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The C library's elementary functions (not Foundation's), for colour arithmetic.
func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }
func sine(_ angle: Double) -> Double { sin(angle) }
func cosine(_ angle: Double) -> Double { cos(angle) }
