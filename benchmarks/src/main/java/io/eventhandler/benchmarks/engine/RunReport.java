package io.eventhandler.benchmarks.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One measured point of one system as a JSON line, the same for the engine and for Flink, so that a side-by-side
 * runner in another JVM can read it: per priority the latency percentiles, the delivered, timely (latency below the
 * stream's period) and ideal rates, and the process's and the machine's CPU.
 *
 * @param system       {@code engine}, {@code fifo} (the engine with priorities off) or {@code flink}
 * @param variant      {@code fft} or {@code ekf} (with the range-bearing tracks)
 * @param k            middle-priority copies
 * @param seconds      measured interval
 * @param cpu          this process's CPU, share of all cores
 * @param machineBusy  the whole machine's busy share of all cores meanwhile (this process included)
 * @param steal        share of all cores stolen by the hypervisor meanwhile
 * @param priorities   highest first
 */
public record RunReport(String system, String variant, int k, int high, int low, double seconds, double cpu,
                        double machineBusy, double steal, List<PriorityFigures> priorities) {

    /** Marks a report line among a child process's other output. */
    public static final String PREFIX = "RESULT ";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Latencies in ms, rates in events per second. */
    public record PriorityFigures(int priority, double periodMs, long delivered, double rate, double idealRate,
                                  double timelyRate, double p50, double p90, double p99, double p999, double max) {
    }

    public static RunReport of(final String system, final PriorityWorkload workload, final PointResult r) {
        final Map<Integer, Long> periods = new TreeMap<>();
        workload.streams().forEach(s -> periods.put(s.priority(), s.periodMicros()));
        final List<PriorityFigures> figures = new ArrayList<>();
        periods.entrySet().stream().sorted(Map.Entry.<Integer, Long>comparingByKey().reversed()).forEach(e -> {
            final int p = e.getKey();
            final long delivered = r.latency().containsKey(p) ? r.latency().get(p).getTotalCount() : 0;
            final double max = delivered == 0 ? Double.NaN : r.latency().get(p).getMaxValue() / 1000.0;
            figures.add(new PriorityFigures(p, e.getValue() / 1000.0, delivered, r.rate(p),
                    r.idealRate().getOrDefault(p, 0.0), r.timelyRate(p, e.getValue()), r.percentileMs(p, 50),
                    r.percentileMs(p, 90), r.percentileMs(p, 99), r.percentileMs(p, 99.9), max));
        });
        return new RunReport(system, workload.tracked() ? "ekf" : "fft", workload.middle(), workload.high(),
                workload.low(), r.seconds(), r.cpu(), r.machine().busy(), r.machine().steal(), figures);
    }

    /** The report as one {@link #PREFIX}ed line. */
    public String line() {
        try {
            return PREFIX + JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a run report", e);
        }
    }

    /** Reads a line written by {@link #line}. */
    public static RunReport parse(final String line) {
        try {
            return JSON.readValue(line.substring(PREFIX.length()), RunReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a run report: " + line, e);
        }
    }
}
