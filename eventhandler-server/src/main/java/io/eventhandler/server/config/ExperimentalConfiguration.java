package io.eventhandler.server.config;

import io.eventhandler.core.delivery.edf.ReplicationPolicy;
import io.eventhandler.core.delivery.edf.SchedulingPolicy;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;

import java.nio.file.Path;
import java.util.Map;

import static io.eventhandler.server.config.Setting.atLeast;

/**
 * What only experiments use: the baselines FRAME is measured against (arrival order instead of deadlines, every
 * loss-tolerant topic replicated, no dispatch-replicate coordination) and the per-stage recording that calibrates the
 * capacity model. The defaults are the product; the keys kept their names from before they were set apart.
 *
 * @param policy       {@link #POLICY} — EDF, or FCFS (arrival order, for comparison)
 * @param replication  {@link #REPLICATION} — SELECTIVE (Proposition 1), or ALL (the FCFS baseline's)
 * @param coordination {@link #COORDINATION} — Table 3.3 dispatch-replicate coordination (true); false only
 *                     to measure the FCFS- baseline
 * @param calibration  {@code eh.calibration.*} — per-stage service-time recording for the capacity model (off)
 */
public record ExperimentalConfiguration(SchedulingPolicy policy, ReplicationPolicy replication, boolean coordination,
                                        CalibrationConfiguration calibration) {

    private static final Settings<ExperimentalConfiguration> SETTINGS = new Settings<>();

    public static final Setting<SchedulingPolicy> POLICY = SETTINGS.add(
            Setting.choice("eh.delivery.policy", SchedulingPolicy.EDF, SchedulingPolicy.class),
            ExperimentalConfiguration::policy);
    public static final Setting<ReplicationPolicy> REPLICATION = SETTINGS.add(
            Setting.choice("eh.delivery.replication", ReplicationPolicy.SELECTIVE, ReplicationPolicy.class),
            ExperimentalConfiguration::replication);
    public static final Setting<Boolean> COORDINATION = SETTINGS.add(Setting.bool("eh.delivery.coordination", true),
            ExperimentalConfiguration::coordination);
    public static final Setting<Boolean> CALIBRATION_ENABLED = SETTINGS.add(
            Setting.bool("eh.calibration.enabled", false), e -> e.calibration().enabled());
    public static final Setting<Integer> CALIBRATION_SAMPLES = SETTINGS.add(
            Setting.integer("eh.calibration.samples", 200_000, atLeast(1)), e -> e.calibration().samples());
    public static final Setting<String> CALIBRATION_FILE = SETTINGS.add(
            Setting.string("eh.calibration.file", "eh-calibration.csv"), e -> e.calibration().file());

    /** The delivery's baselines: {@link DeliveryBaselines#NONE} unless an experiment sets one. */
    public DeliveryBaselines deliveryBaselines() {
        return new DeliveryBaselines(policy, replication, coordination);
    }

    static ExperimentalConfiguration read(final ConfigSource source) {
        return new ExperimentalConfiguration(source.get(POLICY), source.get(REPLICATION), source.get(COORDINATION),
                new CalibrationConfiguration(source.get(CALIBRATION_ENABLED), source.get(CALIBRATION_SAMPLES),
                        Path.of(source.get(CALIBRATION_FILE))));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }
}
