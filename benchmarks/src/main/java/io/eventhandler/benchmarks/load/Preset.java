package io.eventhandler.benchmarks.load;

import java.util.Locale;

/**
 * The Event Handler test scenarios of the 2019 thesis (§7.6, IECON), as load shapes. Every preset publishes
 * back-to-back (no pacing) on one event type; the thesis numbers are quoted for comparison, measured on Raspberry
 * Pis with millisecond stamps.
 *
 * <pre>
 *   A   1 publisher  →  1 subscriber     2000 events    thesis: avg ≈ 8.95 ms, max 32 ms
 *   B1  1 publisher  →  1 subscriber     9000 events    thesis: avg 8.98 ms, max 52 ms
 *   B   1 publisher  →  6 subscribers    9000 events    thesis (B2): avg 10.68 ms, max 45.67 ms
 *   C  10 publishers → 10 subscribers    1000 events per publisher, one event type
 *                                        thesis: avg 24.95 ms, max 319 ms
 * </pre>
 */
public enum Preset {
    /** Scenario A: 1 → 1, 2000 events. */
    A(1, 1, 2000, "1 publisher -> 1 subscriber, 2000 events back-to-back (thesis avg 8.95 ms, max 32 ms)"),

    /** Scenario B1: 1 → 1, 9000 events. */
    B1(1, 1, 9000, "1 publisher -> 1 subscriber, 9000 events back-to-back (thesis avg 8.98 ms, max 52 ms)"),

    /** Scenario B (B2 in the thesis): 1 → 6, 9000 events. */
    B(1, 6, 9000, "1 publisher -> 6 subscribers, 9000 events back-to-back (thesis avg 10.68 ms, max 45.67 ms)"),

    /** Scenario C: 10 × 1000 events → 10 subscribers, one event type. */
    C(10, 10, 1000, "10 publishers x 1000 events -> 10 subscribers, one event type (thesis avg 24.95 ms, max 319 ms)");

    private final int publishers;
    private final int subscribers;
    private final long eventsPerPublisher;
    private final String description;

    Preset(final int publishers, final int subscribers, final long eventsPerPublisher, final String description) {
        this.publishers = publishers;
        this.subscribers = subscribers;
        this.eventsPerPublisher = eventsPerPublisher;
        this.description = description;
    }

    /**
     * The preset named {@code text}, in any case; {@code B2} is accepted for {@link #B}.
     *
     * @param text A, B1, B (B2) or C
     * @return the preset
     * @throws UsageException when the name is unknown
     */
    public static Preset parse(final String text) {
        final String name = text.trim().toUpperCase(Locale.ROOT);
        if ("B2".equals(name)) {
            return B;
        }
        for (final Preset preset : values()) {
            if (preset.name().equals(name)) {
                return preset;
            }
        }
        throw new UsageException("--preset must be A, B1, B (B2) or C, not '" + text + "'");
    }

    /** Publishers of the scenario. */
    public int publishers() {
        return publishers;
    }

    /** Subscribers of the scenario. */
    public int subscribers() {
        return subscribers;
    }

    /** Measured events each publisher sends. */
    public long eventsPerPublisher() {
        return eventsPerPublisher;
    }

    /** One line describing the scenario and the thesis result. */
    public String description() {
        return description;
    }
}
