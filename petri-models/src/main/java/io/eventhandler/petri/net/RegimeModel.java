package io.eventhandler.petri.net;

/**
 * The stage distributions of a server that runs slower after idling. Measured on a virtual machine (and expected on
 * any shared host): after a core has been idle for about {@code coolingMs}, its caches hold other tenants' data and
 * the next event's every stage runs several times slower, so latency <em>falls</em> as the rate rises, which no
 * queueing model with one set of service times can predict. {@code warm} applies to an event that arrives while the
 * server's cores were busy less than {@code coolingMs} ago, {@code cold} to one that arrives after a longer idle
 * spell; without a cold set every event is warm.
 *
 * <p>{@code coupling} says how the transport (outside the net) combines with the server part: as an independent
 * delay (convolution; the thesis' way, with the transport fitted as end-to-end less the server stages' medians), or
 * quantile by quantile with the {@link TransportOffsets} of each regime's calibration run (then {@code transport} in
 * the stages is only the offsets' distribution, for the record).
 */
public record RegimeModel(StageModel warm, StageModel cold, double coolingMs, Coupling coupling,
                          TransportOffsets warmOffsets, TransportOffsets coldOffsets) {

    public RegimeModel {
        if (warm == null || coupling == null) {
            throw new IllegalArgumentException("a model needs its warm stages and a coupling");
        }
        if (coupling == Coupling.QUANTILE && (warmOffsets == null || (cold != null && coldOffsets == null))) {
            throw new IllegalArgumentException("a quantile coupling needs the transport offsets of every regime");
        }
        if (cold != null && !(coolingMs > 0)) {
            throw new IllegalArgumentException("a cold regime needs a cooling time > 0 ms, not " + coolingMs);
        }
    }

    /** One regime, the transport independent of the server: the thesis' model. */
    public static RegimeModel single(final StageModel stages) {
        return new RegimeModel(stages, null, 0, Coupling.INDEPENDENT, null, null);
    }

    public boolean hasCold() {
        return cold != null;
    }

    /** How transport and server latency add up: as independent delays, or by {@link TransportOffsets}. */
    public enum Coupling {
        INDEPENDENT,
        QUANTILE
    }
}
