package io.eventhandler.petri.net;

import java.util.List;

/**
 * The stage distributions of a server whose speed depends on how long its cores idled before an event. Measured on a
 * virtual machine (and expected on any shared host): after a core has been idle for about a millisecond its caches
 * hold other tenants' data and the next event's every stage runs slower, so latency <em>falls</em> as the rate rises,
 * which no queueing model with one set of service times can predict; and on this machine the tail kept falling
 * between 3,000 and 6,000 publishes/s, where the idle time before an event shrinks from about 0.29 to 0.12 ms.
 *
 * <p>{@code regimes} are ordered from the hottest, which applies from 0 ms of idleness, by the idle time from which
 * on each applies: an event that arrives after all cores have been idle for at least {@code fromIdleMs} of a regime
 * (and less than the next one's) runs with that regime's stages. Without further regimes every event is in the first.
 *
 * <p>{@code coupling} says how the transport (outside the net) combines with the server part: as an independent
 * delay (convolution; the thesis' way, with the transport fitted as end-to-end less the server stages' medians), or
 * quantile by quantile with the {@link TransportOffsets} of each regime's calibration run (then {@code transport} in
 * the stages is only the offsets' distribution, for the record).
 */
public record RegimeModel(List<Regime> regimes, Coupling coupling) {

    public RegimeModel {
        if (regimes == null || regimes.isEmpty() || coupling == null) {
            throw new IllegalArgumentException("a model needs at least one regime and a coupling");
        }
        regimes = List.copyOf(regimes);
        if (regimes.get(0).fromIdleMs() != 0) {
            throw new IllegalArgumentException("the first regime applies from 0 ms of idleness, not "
                    + regimes.get(0).fromIdleMs());
        }
        for (int i = 1; i < regimes.size(); i++) {
            if (!(regimes.get(i).fromIdleMs() > regimes.get(i - 1).fromIdleMs())) {
                throw new IllegalArgumentException("regime '" + regimes.get(i).name() + "' must start at a longer "
                        + "idle time than '" + regimes.get(i - 1).name() + "', not " + regimes.get(i).fromIdleMs());
            }
        }
        if (regimes.stream().map(Regime::name).distinct().count() != regimes.size()) {
            throw new IllegalArgumentException("regime names must differ: " + regimes);
        }
        if (coupling == Coupling.QUANTILE && regimes.stream().anyMatch(r -> r.offsets() == null)) {
            throw new IllegalArgumentException("a quantile coupling needs the transport offsets of every regime");
        }
    }

    /** One regime, the transport independent of the server: the thesis' model. */
    public static RegimeModel single(final StageModel stages) {
        return new RegimeModel(List.of(new Regime("warm", stages, 0, null)), Coupling.INDEPENDENT);
    }

    /** The regime of an event that finds the server busy or only just idle. */
    public Regime hottest() {
        return regimes.get(0);
    }

    public boolean isSingle() {
        return regimes.size() == 1;
    }

    /** One regime: its stages, the idle time from which on it applies, and its calibration run's offsets. */
    public record Regime(String name, StageModel stages, double fromIdleMs, TransportOffsets offsets) {

        public Regime {
            if (name == null || !name.matches("[a-z]+") || stages == null) {
                throw new IllegalArgumentException("a regime needs a lower-case name and its stages: " + name);
            }
            if (!(fromIdleMs >= 0)) {
                throw new IllegalArgumentException("regime '" + name + "': idle time " + fromIdleMs + " ms");
            }
        }
    }

    /** How transport and server latency add up: as independent delays, or by {@link TransportOffsets}. */
    public enum Coupling {
        INDEPENDENT,
        QUANTILE
    }
}
