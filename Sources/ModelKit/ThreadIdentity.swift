#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread running the caller, as a number: what ``RenderCache`` files the renders it
/// lets go under, so that each is freed by the thread that made it.
enum ThreadIdentity {
    static var current: UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        // A pointer elsewhere (Darwin, Musl).
        UInt(bitPattern: pthread_self())
        #endif
    }
}
