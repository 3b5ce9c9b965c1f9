package io.eventhandler.core.outbox;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The one log of delivery problems (drops, deadline misses, failed writes, disconnects, webhook retries and give-ups,
 * open circuits), each line in the same {@code key=value} form, so that one grep finds everything that happened to a
 * topic, a subscriber or an event:
 *
 * <pre>delivery problem=DROPPED topic=TEMP subscriber="sse#3 app@10.0.0.7:50122" seq=42 reason=OVERFLOW</pre>
 *
 * <p>A problem can repeat per event (a full queue at 10k events/s), so each (problem, topic, subscriber) is logged
 * once per interval: the first occurrence in full, the rest counted and summarised in one line
 * ({@code repeated=N first_seq=... seq=<last>}) when the interval ends, by the next occurrence or by a timer. The
 * exact counts are in the statistics and metrics; the log says that and when. Lines are written by the log's own
 * thread ({@code eh-problem-log}), so that a delivery worker never waits on a slow console. Thread-safe.
 *
 * <p>Per key is not enough when thousands of streams miss deadlines together (an overload): one line per stream per
 * interval is still hundreds a second, and writing them costs the CPU the overload lacks. So the whole log also has
 * a budget of lines per interval; what exceeds it is counted by problem and reported in one
 * {@code problem=SUPPRESSED} line when the interval ends.
 */
public final class DeliveryProblemLog implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeliveryProblemLog.class);

    /** What went wrong, and the level it is logged at. */
    public enum Problem {
        /** An event will not reach the subscriber (its queue was full, or it was closed). */
        DROPPED(Level.WARN),
        /** An event reached the subscriber after its deadline (t_c + D). */
        DEADLINE_MISSED(Level.INFO),
        /** A write to the subscriber failed (an SSE stream broke: usually the client went away). */
        WRITE_FAILED(Level.INFO),
        /** The subscriber was disconnected (e.g. TOO_SLOW). */
        DISCONNECTED(Level.INFO),
        /** A webhook POST failed and will be retried. */
        RETRY(Level.INFO),
        /** A webhook POST failed for the last time: the event is given up for this subscriber. */
        GAVE_UP(Level.WARN),
        /** A webhook subscriber's circuit opened, or an event failed at once because it is open. */
        CIRCUIT_OPEN(Level.WARN),
        /** A sink threw: the subscriber is closed. */
        SINK_FAILED(Level.WARN),
        /**
         * A request was refused for a part the HTTP server cannot decode (a query that is not UTF-8); logged here so
         * that a client repeating it cannot flood the log. Topic is the request path, subscriber the client address.
         */
        REQUEST_REFUSED(Level.INFO),
        /** A request failed on an unexpected error, answered 500; topic is the path, subscriber the client. */
        REQUEST_FAILED(Level.WARN);

        private final Level level;

        Problem(final Level level) {
            this.level = level;
        }

        public Level level() {
            return level;
        }
    }

    private record Key(Problem problem, String topic, String subscriber) {
    }

    /** Occurrences of one key in the current interval. Guarded by its own monitor. */
    private static final class Window {
        long startNanos;
        long repeated;
        long firstSequence;
        long lastSequence;
        String lastReason;
        String lastDetails;
        boolean removed;

        Window(final long startNanos) {
            this.startNanos = startNanos;
        }
    }

    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private final Logger log;
    private final Map<Key, Window> windows = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private final AtomicInteger pendingLines = new AtomicInteger();
    private final LongAdder lostLines = new LongAdder();
    /** Lines waiting for the log thread at most. */
    static final int MAX_PENDING_LINES = 10_000;
    /** No budget: every line the per-key windows let through is written. */
    public static final int UNLIMITED = 0;

    private final int maxLinesPerInterval;
    private final AtomicInteger linesThisInterval = new AtomicInteger();
    private final Map<Problem, LongAdder> suppressed = new EnumMap<>(Problem.class);

    /**
     * @param repeatIntervalMs each problem of a topic and subscriber is logged once per interval; 0 logs every one
     */
    public static DeliveryProblemLog start(final long repeatIntervalMs) {
        return start(repeatIntervalMs, UNLIMITED);
    }

    /**
     * @param repeatIntervalMs    each problem of a topic and subscriber is logged once per interval; 0 logs every one
     * @param maxLinesPerInterval lines the whole log writes per interval at most, summaries included; the rest are
     *                            counted and reported at the interval's end ({@link #UNLIMITED}: no budget)
     */
    public static DeliveryProblemLog start(final long repeatIntervalMs, final int maxLinesPerInterval) {
        return new DeliveryProblemLog(repeatIntervalMs, maxLinesPerInterval, System::nanoTime, LOG, true);
    }

    /**
     * Without a thread: lines are written by the reporting thread, summaries come with the next occurrence or
     * {@link #flush()} (tests, embedding).
     */
    public static DeliveryProblemLog manual(final long repeatIntervalMs, final LongSupplier nanoClock,
                                            final Logger log) {
        return manual(repeatIntervalMs, UNLIMITED, nanoClock, log);
    }

    /** As {@link #manual(long, LongSupplier, Logger)}, with a budget of lines per interval (reset by a flush). */
    public static DeliveryProblemLog manual(final long repeatIntervalMs, final int maxLinesPerInterval,
                                            final LongSupplier nanoClock, final Logger log) {
        return new DeliveryProblemLog(repeatIntervalMs, maxLinesPerInterval, nanoClock, log, false);
    }

    private DeliveryProblemLog(final long repeatIntervalMs, final int maxLinesPerInterval,
                               final LongSupplier nanoClock, final Logger log, final boolean withTimer) {
        if (repeatIntervalMs < 0) {
            throw new IllegalArgumentException("repeat interval must be ≥ 0 ms, was " + repeatIntervalMs);
        }
        if (maxLinesPerInterval < 0) {
            throw new IllegalArgumentException("lines per interval must be ≥ 0, was " + maxLinesPerInterval);
        }
        // without intervals (every occurrence logged) there is no end of interval to reset a budget at
        this.maxLinesPerInterval = repeatIntervalMs == 0 ? UNLIMITED : maxLinesPerInterval;
        for (final Problem problem : Problem.values()) {
            suppressed.put(problem, new LongAdder());
        }
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(repeatIntervalMs);
        this.nanoClock = nanoClock;
        this.log = log;
        if (withTimer) {
            timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
                final Thread thread = new Thread(runnable, "eh-problem-log");
                thread.setDaemon(true);
                return thread;
            });
            if (repeatIntervalMs > 0) {
                timer.scheduleAtFixedRate(this::flush, repeatIntervalMs, repeatIntervalMs, TimeUnit.MILLISECONDS);
            }
        } else {
            timer = null;
        }
    }

    /**
     * A delivery problem.
     *
     * @param sequence the event's sequence number in its topic; 0 or less when there is none
     * @param reason   a short word, e.g. {@code OVERFLOW}, {@code TOO_SLOW}, {@code HTTP_503}
     */
    public void report(final Problem problem, final String topic, final String subscriber, final long sequence,
                       final String reason) {
        report(problem, topic, subscriber, sequence, reason, "");
    }

    /**
     * A delivery problem with details.
     *
     * @param sequence the event's sequence number in its topic; 0 or less when there is none
     * @param reason   a short word, e.g. {@code OVERFLOW}, {@code TOO_SLOW}, {@code HTTP_503}
     * @param details  further {@code key=value} pairs, separated by spaces (may be empty)
     */
    public void report(final Problem problem, final String topic, final String subscriber, final long sequence,
                       final String reason, final String details) {
        if (!log.isEnabledForLevel(problem.level())) {
            return;
        }
        if (intervalNanos == 0) {
            write(problem, line(problem, topic, subscriber, sequence, reason, details));
            return;
        }
        final Key key = new Key(problem, topic, subscriber);
        final long now = nanoClock.getAsLong();
        while (true) {
            final Window window = windows.computeIfAbsent(key, k -> new Window(now - intervalNanos));
            String summary = null;
            synchronized (window) {
                if (window.removed) {
                    continue; // flushed away between look-up and lock: take a fresh one
                }
                if (now - window.startNanos < intervalNanos) {
                    if (window.repeated++ == 0) {
                        window.firstSequence = sequence;
                    }
                    window.lastSequence = sequence;
                    window.lastReason = reason;
                    window.lastDetails = details;
                    return;
                }
                if (window.repeated > 0) {
                    summary = summary(key, window);
                }
                window.startNanos = now;
                window.repeated = 0;
            }
            if (summary != null) {
                write(problem, summary);
            }
            write(problem, line(problem, topic, subscriber, sequence, reason, details));
            return;
        }
    }

    /** Summarises the repeats of every interval that has ended, and forgets keys that were quiet through one. */
    public void flush() {
        final long lost = lostLines.sumThenReset();
        if (lost > 0) {
            log.warn("delivery problem=LOG_BEHIND lost_lines={} (the log could not keep up; counts are in the metrics)",
                    lost);
        }
        reportSuppressed();
        final long now = nanoClock.getAsLong();
        windows.forEach((key, window) -> {
            String summary = null;
            synchronized (window) {
                if (now - window.startNanos < intervalNanos) {
                    return;
                }
                if (window.repeated > 0) {
                    summary = summary(key, window);
                    window.repeated = 0;
                    window.startNanos = now;
                } else {
                    window.removed = true;
                    windows.remove(key, window);
                }
            }
            if (summary != null) {
                write(key.problem(), summary);
            }
        });
    }

    /** The lines over budget in the interval that ended, by problem; then a fresh budget. */
    private void reportSuppressed() {
        final StringBuilder byProblem = new StringBuilder();
        long total = 0;
        for (final Map.Entry<Problem, LongAdder> entry : suppressed.entrySet()) {
            final long n = entry.getValue().sumThenReset();
            if (n > 0) {
                byProblem.append(' ').append(entry.getKey()).append('=').append(n);
                total += n;
            }
        }
        linesThisInterval.set(0);
        if (total > 0) {
            log.warn("delivery problem=SUPPRESSED lines={}{} budget={} interval_ms={} (over the log's budget; counts "
                    + "are in the metrics)", total, byProblem, maxLinesPerInterval,
                    TimeUnit.NANOSECONDS.toMillis(intervalNanos));
        }
    }

    private String summary(final Key key, final Window window) {
        return line(key.problem(), key.topic(), key.subscriber(), window.lastSequence, window.lastReason,
                window.lastDetails)
                + " repeated=" + window.repeated + " first_seq=" + sequence(window.firstSequence)
                + " interval_ms=" + TimeUnit.NANOSECONDS.toMillis(intervalNanos);
    }

    /**
     * With a timer the line is written by it: a reporting thread (a delivery worker, under a topic's lock) never
     * waits for a slow console or log pipe. At most {@value #MAX_PENDING_LINES} lines wait; more are counted as
     * lost and reported with the next flush.
     */
    private void write(final Problem problem, final String line) {
        if (maxLinesPerInterval != UNLIMITED && linesThisInterval.incrementAndGet() > maxLinesPerInterval) {
            suppressed.get(problem).increment();
            return;
        }
        if (timer == null) {
            log.atLevel(problem.level()).log(line);
            return;
        }
        if (pendingLines.incrementAndGet() > MAX_PENDING_LINES) {
            pendingLines.decrementAndGet();
            lostLines.increment();
            return;
        }
        try {
            timer.execute(() -> {
                pendingLines.decrementAndGet();
                log.atLevel(problem.level()).log(line);
            });
        } catch (final RejectedExecutionException closed) {
            pendingLines.decrementAndGet();
            log.atLevel(problem.level()).log(line);
        }
    }

    /** One problem as a log line: {@code delivery problem=P topic=T subscriber=S seq=N reason=R [details]}. */
    public static String line(final Problem problem, final String topic, final String subscriber,
                              final long sequence, final String reason, final String details) {
        final String line = "delivery problem=" + problem + " topic=" + value(topic) + " subscriber="
                + value(subscriber) + " seq=" + sequence(sequence) + " reason=" + value(reason);
        return details == null || details.isEmpty() ? line : line + " " + details;
    }

    private static String sequence(final long sequence) {
        return sequence > 0 ? Long.toString(sequence) : "-";
    }

    /** A value as is, or quoted when it holds a space, a quote or an equals sign. */
    static String value(final String value) {
        if (value == null || value.isEmpty()) {
            return "-";
        }
        for (int i = 0; i < value.length(); i++) {
            final char c = value.charAt(i);
            if (c <= ' ' || c == '"' || c == '=') {
                return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
            }
        }
        return value;
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdown(); // lines already handed over are still written
            try {
                timer.awaitTermination(1, TimeUnit.SECONDS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        flush();
    }
}
