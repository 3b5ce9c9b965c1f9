package io.eventhandler.benchmarks.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The suppliers: one timer thread (CPEP's Supplier Proxies) offers each stream's events at its period. Payloads are
 * made once, up front, so that the timer does no formatting. Coordinated (jitter 0, Sets 1–4) the suppliers of a
 * stream fire from one timer expiration with one creation time, periodically; uncoordinated (Set 5) each supplier has
 * its own random phase and is sporadic, each inter-arrival time being the period plus a uniform offset in
 * (-jitter, +jitter), as CPEP's sporadic variant (±2.5 ms), so that the phases between suppliers drift. Stream copies
 * always get random phases, so that copies do not all arrive at once. The EKF variant's range-bearing supplier fires
 * with the copy's batches, one fixed measurement made up front like the batches. The same seed gives the same
 * payloads and phases to every system driven, so the engine and Flink see the same suppliers.
 */
public final class SupplierDriver implements AutoCloseable {

    private final ScheduledExecutorService timer;

    public SupplierDriver(final SupplierSink sink, final List<StreamSpec> streams, final long jitterMicros,
                          final LongSupplier clockMicros, final long seed) {
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            final Thread t = new Thread(r, "eh-bench-suppliers");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        });
        final SplittableRandom random = new SplittableRandom(seed);
        for (final StreamSpec s : streams) {
            final String payload = payload(s.samples(), random);
            final String track = s.trackTopic() == null ? null : measurement(random);
            if (jitterMicros == 0) {
                schedule(s.periodMicros(), random, () -> {
                    final long created = clockMicros.getAsLong();
                    for (final String topic : s.topics()) {
                        sink.offer(topic, payload, created);
                    }
                    if (track != null) {
                        sink.offer(s.trackTopic(), track, created);
                    }
                });
            } else {
                for (final String topic : s.supplierTopics()) {
                    final String p = topic.equals(s.trackTopic()) ? track : payload;
                    sporadic(random.nextLong(s.periodMicros()), s.periodMicros(), jitterMicros, random.split(),
                            () -> sink.offer(topic, p, clockMicros.getAsLong()));
                }
            }
        }
    }

    private void schedule(final long periodMicros, final SplittableRandom random, final Runnable fire) {
        timer.scheduleAtFixedRate(fire, random.nextLong(periodMicros), periodMicros, TimeUnit.MICROSECONDS);
    }

    /** Fires after {@code delay}, then again after period ± jitter, on the timer thread (so one random per chain). */
    private void sporadic(final long delayMicros, final long periodMicros, final long jitterMicros,
                          final SplittableRandom random, final Runnable fire) {
        if (timer.isShutdown()) {
            return;
        }
        timer.schedule(() -> {
            fire.run();
            final long next = periodMicros + random.nextLong(-jitterMicros + 1, jitterMicros);
            sporadic(next, periodMicros, jitterMicros, random, fire);
        }, delayMicros, TimeUnit.MICROSECONDS);
    }

    /** One-byte datapoints, 0..255, as {@code Samples} writes them. */
    static String payload(final int samples, final SplittableRandom random) {
        final List<String> values = new ArrayList<>(samples);
        for (int i = 0; i < samples; i++) {
            values.add(Integer.toString(random.nextInt(256)));
        }
        return String.join(",", values);
    }

    /** One range-bearing measurement {@code "r,θ"}: 50–150 m, ±π rad. */
    static String measurement(final SplittableRandom random) {
        return String.format(Locale.ROOT, "%.3f,%.5f", 50 + 100 * random.nextDouble(),
                Math.PI * (2 * random.nextDouble() - 1));
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(5, TimeUnit.SECONDS);
    }
}
