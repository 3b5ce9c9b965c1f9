package io.eventhandler.petri.calibrate;

import java.util.Locale;

/**
 * What a thread of the server or of the load generator does, told by its name: the capacity model needs the time
 * each of the server's pools holds a thread per event, and the generator's share of the cores.
 */
public enum ThreadRole {
    /** Grizzly workers ({@code eh.worker.threads}): read, parse and accept publishes. */
    WORKER,
    /** Delivery workers ({@code eh.delivery.threads}) and the threads that continue their pending writes. */
    DELIVERY,
    /** Grizzly selector threads. */
    SELECTOR,
    /** The JVM's own threads: garbage collection and the JIT compilers. */
    JVM,
    /** The load generator's publisher threads. */
    PUBLISHER,
    /** The load generator's subscriber (SSE reader) threads. */
    SUBSCRIBER,
    /** Anything else. */
    OTHER;

    /** The role of a thread by its name ({@code /proc/.../comm}, at most 15 characters). */
    public static ThreadRole of(final String threadName) {
        final String name = threadName.trim();
        final String lower = name.toLowerCase(Locale.ROOT);
        if (lower.startsWith("eh-worker")) {
            return WORKER;
        }
        if (lower.startsWith("eh-edf") || lower.startsWith("eh-delivery")) {
            return DELIVERY;
        }
        if (lower.startsWith("grizzly-nio")) {
            return SELECTOR;
        }
        if (lower.startsWith("load-publisher")) {
            return PUBLISHER;
        }
        if (lower.startsWith("lean-sse") || lower.startsWith("sse-")) {
            return SUBSCRIBER;
        }
        if (name.startsWith("GC ") || name.startsWith("G1 ") || name.startsWith("C1 ") || name.startsWith("C2 ")
                || name.startsWith("VM ")) {
            return JVM;
        }
        return OTHER;
    }
}
