package io.eventhandler.core.delivery.edf;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static io.eventhandler.core.delivery.edf.Topics.MS;
import static io.eventhandler.core.delivery.edf.Topics.generator;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The point of EDF, and its limit, in a deterministic discrete-event simulation on a virtual clock: one delivery
 * worker with a fixed cost per job and the paper's kind of topic mix: categories 0 and 1 (D = 50 ms) and many
 * category-3 topics (D = 100 ms) whose proxies send one batch per period, just before the tight topics' next
 * messages.
 */
class EdfOverloadSimulationTest {

    private static final long SERVICE_MICROS = 20;
    private static final long HORIZON_MICROS = 2_000 * MS;
    private static final int TIGHT_TOPICS_PER_CATEGORY = 10;
    private static final long LOOSE_BATCH_PHASE = 49 * MS;

    private record Arrival(int category, long createdMicros) {
    }

    private record Outcome(long tightMet, long tightTotal) {
        double tightRate() {
            return (double) tightMet / tightTotal;
        }
    }

    private static List<Arrival> arrivals(final int looseTopics) {
        final List<Arrival> out = new ArrayList<>();
        for (long t = 0; t < HORIZON_MICROS; t += 50 * MS) {
            for (int i = 0; i < TIGHT_TOPICS_PER_CATEGORY; i++) {
                out.add(new Arrival(0, t));
                out.add(new Arrival(1, t));
            }
        }
        for (long t = 0; t < HORIZON_MICROS; t += 100 * MS) {
            for (int i = 0; i < looseTopics; i++) {
                out.add(new Arrival(3, t + LOOSE_BATCH_PHASE));
            }
        }
        out.sort(Comparator.comparingLong(Arrival::createdMicros));
        return out;
    }

    private static Outcome simulate(final SchedulingPolicy policy, final List<Arrival> arrivals) {
        final JobGenerator[] generators = new JobGenerator[4];
        for (final int c : new int[] {0, 1, 3}) {
            generators[c] = generator(c, ReplicationPolicy.SELECTIVE);
        }
        final JobQueue<Arrival> queue = new JobQueue<>(policy);
        int next = 0;
        long now = 0;
        long tightMet = 0;
        long tightTotal = 0;
        while (next < arrivals.size() || queue.depth() > 0) {
            while (next < arrivals.size() && arrivals.get(next).createdMicros() <= now) {
                final Arrival a = arrivals.get(next++);
                queue.schedule(a, a.createdMicros(), generators[a.category()].deadlines(a.createdMicros(), now));
            }
            final DeliveryJob<Arrival> job = queue.poll();
            if (job == null) {
                now = arrivals.get(next).createdMicros();
                continue;
            }
            now += SERVICE_MICROS;
            if (job.message().message().category() <= 1) {
                tightTotal++;
                tightMet += now <= job.deadlineMicros() ? 1 : 0;
            }
        }
        return new Outcome(tightMet, tightTotal);
    }

    private static double utilisation(final List<Arrival> arrivals) {
        return (double) arrivals.size() * SERVICE_MICROS / HORIZON_MICROS;
    }

    @Test
    void shouldKeepTheTightDeadlinesBehindBurstsOnlyWithEdf() {
        // a 90 ms burst of loose work lands 1 ms before every other tight message: FCFS makes that one wait
        final List<Arrival> arrivals = arrivals(4_500);
        assertTrue(utilisation(arrivals) < 1, "below saturation: " + utilisation(arrivals));
        final Outcome edf = simulate(SchedulingPolicy.EDF, arrivals);
        final Outcome fcfs = simulate(SchedulingPolicy.FCFS, arrivals);
        assertTrue(edf.tightRate() >= 0.999, "EDF met " + edf);
        assertTrue(fcfs.tightRate() < 0.6, "FCFS met " + fcfs);
        System.out.printf("bursts at %.2f utilisation: D = 50 ms dispatch deadlines met: EDF %.4f, FCFS %.4f%n",
                utilisation(arrivals), edf.tightRate(), fcfs.tightRate());
    }

    @Test
    void shouldLoseTheTightDeadlinesTooWhenOverloadIsSustained() {
        // EDF's domino effect: once everything is late, the oldest (loose) deadlines come first
        final List<Arrival> arrivals = arrivals(6_000);
        assertTrue(utilisation(arrivals) > 1.1, "sustained overload: " + utilisation(arrivals));
        final Outcome edf = simulate(SchedulingPolicy.EDF, arrivals);
        assertTrue(edf.tightRate() < 0.5, "EDF met " + edf);
        System.out.printf("sustained overload at %.2f: EDF met %.4f of the D = 50 ms dispatch deadlines%n",
                utilisation(arrivals), edf.tightRate());
    }
}
