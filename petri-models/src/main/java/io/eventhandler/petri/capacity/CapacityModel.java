package io.eventhandler.petri.capacity;

import java.util.Arrays;
import java.util.List;

/**
 * What {@code calibrate} measured on a device, and all {@code predict} needs: the machine, the pools and the load
 * the servers ran with, the shape of the server's stages, and each calibration server's curve.
 *
 * @param calibratedAt when (ISO-8601, UTC)
 * @param machine      CPU model and kernel, for the record
 * @param cores        the cores the server and the generator shared
 * @param runsPerRate  runs measured at each rate, on each server
 * @param runSeconds   each run's measured seconds
 */
public record CapacityModel(String calibratedAt, String machine, int cores, Pools pools, LoadShape load,
                            int runsPerRate, int runSeconds, StageShape stages, List<ServerCurve> servers) {

    public CapacityModel {
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("a model needs at least one calibration server");
        }
        servers = List.copyOf(servers);
    }

    /** The median of the servers' saturation rates. */
    public double saturation() {
        return Statistics.median(servers.stream().mapToDouble(ServerCurve::saturation).toArray());
    }

    /** Every server's saturation runs together. */
    public double[] saturationRuns() {
        return servers.stream().flatMapToDouble(s -> Arrays.stream(s.saturationRuns())).toArray();
    }

    /** The lowest and highest rate every server measured below saturation. */
    public double lowestRate() {
        return servers.stream().mapToDouble(s -> s.measured().get(0).rate()).max().orElseThrow();
    }

    public double highestRate() {
        return servers.stream().mapToDouble(s -> s.measured().get(s.measured().size() - 1).rate()).min()
                .orElseThrow();
    }
}
