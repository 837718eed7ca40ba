import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fixed set of threads of its own that run work in submission order, at a lower CPU
/// priority than the rest of the process (on Linux a nice value `niceness` above the main
/// thread's, at most 19).
///
/// Image decoding runs here rather than on Dispatch's shared pool: a page landing during a fling
/// starts a burst of cover decodes, and on a two-core machine two decoding threads at the main
/// thread's priority took CPU time from the frame being drawn (worse: Dispatch's user-initiated
/// threads run at nice −2 when the process may raise priorities, above the main thread's 0).
/// At a higher nice value the
/// scheduler gives the main thread the CPU whenever it wants it, and the decodes use what is
/// left. (A thread's nice value cannot be lowered back without privileges, so the priority is
/// set on threads that never run anything else, not on shared pool threads.)
///
/// The threads start at the first `run(_:)` and live for the process.
final class BackgroundThreads: @unchecked Sendable {
    /// The threads that decode images: one per core, at least two (the pipeline's default
    /// number of concurrent decodes; each pipeline's own limit applies on top).
    static let decoding = BackgroundThreads(
        name: "image-decode", count: max(2, ProcessInfo.processInfo.activeProcessorCount), niceness: 10)
    /// The longest thread name Linux keeps, in bytes (`TASK_COMM_LEN` less the terminator);
    /// `pthread_setname_np` refuses a longer one and the thread keeps its creator's name.
    static let kernelNameLimit = 15

    /// How much nicer than the main thread the threads make themselves.
    let niceness: Int32
    private let name: String
    private let count: Int
    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    private var head = 0
    private var started = false
    private var threads: [pthread_t] = []

    /// - Parameters:
    ///   - count: threads (at least 1).
    ///   - niceness: how much nicer each thread makes itself (0…19).
    init(name: String, count: Int, niceness: Int32) {
        self.name = name
        self.count = max(1, count)
        self.niceness = min(max(niceness, 0), 19)
    }

    /// Runs `work` on one of the threads, after the work submitted before it has started.
    func run(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        if !started {
            started = true
            for index in 0..<count { startThread(index) }
        }
        queue.append(work)
        condition.signal()
        condition.unlock()
    }

    /// Whether the calling thread is one of these threads.
    func ownsCurrentThread() -> Bool {
        let current = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        return threads.contains { pthread_equal($0, current) != 0 }
    }

    /// The main thread's nice value (0 where the platform has none).
    static func mainThreadNiceness() -> Int32 {
        #if canImport(Glibc)
            // On Linux PRIO_PROCESS names a thread by its id, and the main thread's is the pid.
            errno = 0
            return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(getpid()))
        #else
            return 0
        #endif
    }

    /// The calling thread's nice value (0 where the platform has none).
    static func currentNiceness() -> Int32 {
        #if canImport(Glibc)
            // On Linux the "process" of PRIO_PROCESS with id 0 is the calling thread.
            errno = 0
            return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
            return 0
        #endif
    }

    // MARK: Private

    private func startThread(_ index: Int) {
        let thread = Thread { [self] in
            #if canImport(Glibc)
                // Raising the nice value is always allowed; lowering it below the starting
                // thread's is not without privileges (then it stays where it is).
                let target = min(Self.mainThreadNiceness() + niceness, 19)
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, target)
                // The name profilers and `top -H` show, shortened to what the kernel keeps:
                // Foundation passes a longer name on as it is, the kernel refuses it, and the
                // thread keeps the name of the thread that started it (a Dispatch worker's).
                Self.setKernelName(Self.kernelName(name, index: index))
            #endif
            condition.lock()
            threads.append(pthread_self())
            condition.unlock()
            while true { next()() }
        }
        thread.name = "\(name)-\(index)"
        thread.start()
    }

    #if canImport(Glibc)
        /// Names the calling thread for the kernel, as `pthread_setname_np` does (which Glibc's
        /// Swift module does not offer): by writing its `comm` file (proc(5)). Best effort.
        private static func setKernelName(_ name: String) {
            let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            guard file >= 0 else { return }
            defer { close(file) }
            var bytes = Array(name.utf8)
            _ = write(file, &bytes, bytes.count)
        }
    #endif

    /// `base-index`, with `base` shortened (never the index) to fit `kernelNameLimit` bytes.
    static func kernelName(_ base: String, index: Int) -> String {
        let suffix = "-\(index)"
        var prefix = ""
        for character in base {
            guard prefix.utf8.count + String(character).utf8.count + suffix.utf8.count <= kernelNameLimit else { break }
            prefix.append(character)
        }
        return String((prefix + suffix).utf8.prefix(kernelNameLimit)) ?? suffix
    }

    /// Waits for the oldest work not yet taken and takes it.
    private func next() -> @Sendable () -> Void {
        condition.lock()
        defer { condition.unlock() }
        while head == queue.count { condition.wait() }
        let work = queue[head]
        head += 1
        if head > 64, head * 2 > queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return work
    }
}
