package io.eventhandler.petri.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where this calibration's model is weak, said in the answer rather than left to a notebook: the wake-up regime at
 * low rates, merged dispatches, stalls in the tail, other processes on the machine, the load generator's share of
 * the cores, pools with more threads than cores, and intervals from a single server.
 */
final class ModelLimits {

    private final CapacityModel model;
    private final CapacityPredictor predictor;

    ModelLimits(final CapacityModel model, final CapacityPredictor predictor) {
        this.model = model;
        this.predictor = predictor;
    }

    List<String> notes(final List<Pools> configurations) {
        final List<String> notes = new ArrayList<>();
        final List<RateStep> steps = model.servers().get(0).measured();
        wakeUp(steps, notes);
        merged(notes);
        stalls(notes);
        background(notes);
        generator(notes);
        if (configurations.stream().anyMatch(p -> p.workers() > model.cores() || p.delivery() > model.cores())) {
            notes.add(beyondCores());
        }
        notes.add(model.servers().size() == 1
                ? String.format(Locale.ROOT, "Calibrated on one server: the intervals are the spread between its %d "
                + "runs per rate. Fresh servers differ more than runs of one server; calibrate with --servers 3 to "
                + "measure how much.", model.runsPerRate())
                : String.format(Locale.ROOT, "Calibrated on %d servers: the intervals span their runs and how far the "
                + "servers differed.", model.servers().size()));
        notes.add(String.format(Locale.ROOT, "Valid for %d publishers and a fan-out of %d (as calibrated), %d-byte "
                + "payloads; other loads need their own calibration.", model.load().publishers(),
                model.load().subscribers(), model.load().payloadBytes()));
        return notes;
    }

    /** Pools with threads beyond the cores: what the model charges for them, and what it was measured to cost. */
    private String beyondCores() {
        final double cost = predictor.cores().threadCost();
        final String charged = cost > 0
                ? String.format(Locale.ROOT, "the model runs at most %d of a pool's threads at once and charges %.0f %% "
                + "more core time per event for each thread of a pool beyond the cores (--thread-cost: given, not "
                + "measured; the calibration with %s cannot measure it)", model.cores(), 100 * cost, model.pools())
                : String.format(Locale.ROOT, "the model runs at most %d of a pool's threads at once but charges "
                + "nothing for switching between them (--thread-cost 0: the calibration with %s cannot measure it), "
                + "so read their saturation as an upper bound", model.cores(), model.pools());
        return String.format(Locale.ROOT, "Pools with more threads than the %d cores: %s. On a 2-core machine pools "
                + "4x1 and 4x4 saturated 17 %% and 36 %% below 2x2, about 10-14 %% more core time per event for each "
                + "pool thread beyond the cores. Pools with fewer threads than calibrated may do better: there 1x1 "
                + "saturated like 2x2 with the lower p99, where the model predicts a higher one.", model.cores(),
                charged);
    }

    private void wakeUp(final List<RateStep> steps, final List<String> notes) {
        final RateStep lowest = steps.get(0);
        final RateStep next = steps.get(1);
        final String base = String.format(Locale.ROOT, "Below %,.0f/s (the lowest rate calibrated) the answer holds "
                + "that rate's latency: with events %.1f ms or more apart the server's threads and caches go idle, "
                + "and how fast they wake (a wake-up regime the model does not know) decides the latency there, not "
                + "the pools.", lowest.rate(), 1000 / lowest.rate());
        if (lowest.p50() > 1.1 * next.p50()) {
            notes.add(base + String.format(Locale.ROOT, " It shows here: the p50 at %,.0f/s (%.3f ms) is above the "
                    + "p50 at %,.0f/s (%.3f ms).", lowest.rate(), lowest.p50(), next.rate(), next.p50()));
        } else {
            notes.add(base);
        }
    }

    private void merged(final List<String> notes) {
        RateStep most = null;
        for (final ServerCurve server : model.servers()) {
            for (final RateStep step : server.measured()) {
                if (most == null || step.mergedFraction() > most.mergedFraction()) {
                    most = step;
                }
            }
        }
        if (most != null && most.mergedFraction() > 0.01) {
            notes.add(String.format(Locale.ROOT, "The server merged up to %.0f %% of its dispatches (at %,.0f/s; smart "
                    + "batching): a delivery thread that falls behind writes several events at once. The model serves "
                    + "every dispatch on its own, so with fewer delivery threads than calibrated it over-states the "
                    + "delivery wait.", 100 * most.mergedFraction(), most.rate()));
        }
    }

    private void stalls(final List<String> notes) {
        for (final ServerCurve server : model.servers()) {
            for (final RateStep step : server.measured()) {
                final double[] spread = step.p99Spread();
                if (spread[1] > 1.5 * spread[0] || step.p99() > 8 * step.p50()) {
                    notes.add(String.format(Locale.ROOT, "Stalls set the tail: at %,.0f/s the runs' p99 ranged from "
                            + "%.3f to %.3f ms, with a p50 of %.3f ms. Pauses (garbage collection, other processes "
                            + "taking a core) rather than queueing in the pools decide such a p99; read its interval, "
                            + "not only its value.", step.rate(), step.p99() * spread[0], step.p99() * spread[1],
                            step.p50()));
                    return;
                }
            }
        }
    }

    private void background(final List<String> notes) {
        double cores = 0;
        double load = 0;
        for (final ServerCurve server : model.servers()) {
            for (final RateStep step : server.steps()) {
                cores = Math.max(cores, step.backgroundCores());
                load = Math.max(load, step.loadAverage());
            }
        }
        if (cores > 0.1) {
            notes.add(String.format(Locale.ROOT, "Other processes took up to %.2f of the %d cores while calibrating "
                    + "(load average up to %.1f): the answers hold for a machine that busy.", cores, model.cores(),
                    load));
        }
    }

    private void generator(final List<String> notes) {
        final double saturation = model.saturation();
        // the highest rate measured below saturation: the saturation runs' windows end before the backlog drains
        final List<RateStep> measured = model.servers().get(0).measured();
        final RateStep top = measured.get(measured.size() - 1);
        final double server = top.serverCpuMicros();
        final double generator = top.generatorCpuMicros();
        if (server > 0 && generator > 0) {
            notes.add(String.format(Locale.ROOT, "The load generator shared the cores: at %,.0f/s it took %.0f µs "
                    + "of CPU per event against the server's %.0f µs, and the saturation (%,.0f/s) includes that. "
                    + "With publishers and subscribers on other machines the cores alone would allow about %,.0f/s "
                    + "(an extrapolation by CPU time, not measured).", top.rate(), generator, server, saturation,
                    saturation * (server + generator) / server));
        }
        if (predictor.calibratedPoolUtilisation(saturation)[0] >= 0.9
                || predictor.calibratedPoolUtilisation(saturation)[1] >= 0.9) {
            notes.add(String.format(Locale.ROOT, "A calibrated pool (%s) was nearly full at saturation, so the cores' "
                    + "limit was not reached and is estimated from CPU time.", model.pools()));
        }
    }
}
