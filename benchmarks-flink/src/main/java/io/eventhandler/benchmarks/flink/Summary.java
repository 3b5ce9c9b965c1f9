package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.PriorityWorkload;
import io.eventhandler.benchmarks.engine.RunReport.PriorityFigures;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The side-by-side figures per point (variant, k, system) over its runs: median and range of each figure, as a table
 * for people and as CSV, and the verdict on the engine's goals against Flink.
 */
final class Summary {

    private static final int[] PRIORITIES = {PriorityWorkload.HIGH, PriorityWorkload.MIDDLE, PriorityWorkload.LOW};
    private static final String[] NAMES = {"", "L", "M", "H"};

    /** variant → k → system → runs, in the order first seen. */
    private final Map<String, Map<Integer, Map<String, List<Measured>>>> points = new TreeMap<>();

    void add(final Measured m) {
        points.computeIfAbsent(m.report().variant(), v -> new TreeMap<>())
                .computeIfAbsent(m.report().k(), k -> new TreeMap<>())
                .computeIfAbsent(m.system(), s -> new ArrayList<>()).add(m);
    }

    void printTable(final PrintStream out) {
        points.forEach((variant, byK) -> byK.forEach((k, bySystem) -> bySystem.forEach((system, runs) -> {
            out.printf(Locale.ROOT, "%s k=%-2d %-6s runs=%d cpu%% %s  machine%% %s  RSS MB %s  VmSize MB %s%n",
                    variant, k, system, runs.size(), Spread.of(runs, r -> 100 * r.report().cpu()).text("%.0f"),
                    Spread.of(runs, r -> 100 * r.report().machineBusy()).text("%.0f"),
                    Spread.of(runs, r -> mb(Math.max(r.memory().rssKb(), r.memory().hwmKb()))).text("%.0f"),
                    Spread.of(runs, r -> mb(r.memory().sizeKb())).text("%.0f"));
            for (final int p : PRIORITIES) {
                final List<PriorityFigures> f = runs.stream().map(r -> r.priority(p)).filter(x -> x != null)
                        .toList();
                if (f.isEmpty()) {
                    continue;
                }
                out.printf(Locale.ROOT, "    %s p50 %s p90 %s p99 %s p99.9 %s ms | timely %s of %.0f/s, delivered %s%n",
                        NAMES[p], s(f, PriorityFigures::p50, "%.2f"), s(f, PriorityFigures::p90, "%.2f"),
                        s(f, PriorityFigures::p99, "%.2f"), s(f, PriorityFigures::p999, "%.2f"),
                        s(f, PriorityFigures::timelyRate, "%.0f"), f.get(0).idealRate(),
                        s(f, PriorityFigures::rate, "%.0f"));
            }
        })));
    }

    /** One line per point and priority, every figure as median, min, max. */
    void writeCsv(final PrintStream out) {
        out.println("variant,k,system,priority,runs,ideal_per_s," + columns("p50_ms") + "," + columns("p90_ms") + ","
                + columns("p99_ms") + "," + columns("p999_ms") + "," + columns("timely_per_s") + ","
                + columns("delivered_per_s") + "," + columns("cpu_pct") + "," + columns("machine_pct") + ","
                + columns("rss_mb") + "," + columns("vmsize_mb"));
        points.forEach((variant, byK) -> byK.forEach((k, bySystem) -> bySystem.forEach((system, runs) -> {
            for (final int p : PRIORITIES) {
                final List<PriorityFigures> f = runs.stream().map(r -> r.priority(p)).filter(x -> x != null)
                        .toList();
                if (f.isEmpty()) {
                    continue;
                }
                out.println(String.join(",", variant, Integer.toString(k), system, NAMES[p],
                        Integer.toString(runs.size()), String.format(Locale.ROOT, "%.0f", f.get(0).idealRate()),
                        csv(Spread.of(f, PriorityFigures::p50)), csv(Spread.of(f, PriorityFigures::p90)),
                        csv(Spread.of(f, PriorityFigures::p99)), csv(Spread.of(f, PriorityFigures::p999)),
                        csv(Spread.of(f, PriorityFigures::timelyRate)), csv(Spread.of(f, PriorityFigures::rate)),
                        csv(Spread.of(runs, r -> 100 * r.report().cpu())),
                        csv(Spread.of(runs, r -> 100 * r.report().machineBusy())),
                        csv(Spread.of(runs, r -> mb(Math.max(r.memory().rssKb(), r.memory().hwmKb())))),
                        csv(Spread.of(runs, r -> mb(r.memory().sizeKb())))));
            }
        })));
    }

    /** The goals, judged on medians per point; one line each. */
    List<String> verdict() {
        final List<String> out = new ArrayList<>();
        points.forEach((variant, byK) -> {
            final Map<Integer, Spread> engine = highP99(byK, "engine");
            final Map<Integer, Spread> flink = highP99(byK, "flink");
            if (engine.isEmpty()) {
                return;
            }
            final double base = engine.values().iterator().next().median();
            final double worst = engine.values().stream().mapToDouble(Spread::median).max().orElse(Double.NaN);
            out.add(String.format(Locale.ROOT, "%s: engine high p99 at most %.2fx its first-k value (%.3f ms): %s",
                    variant, worst / base, base, worst <= 1.5 * base ? "within 1.5x" : "NOT within 1.5x"));
            final List<Integer> notBelow = engine.keySet().stream().filter(flink::containsKey)
                    .filter(k -> engine.get(k).median() >= flink.get(k).median()).toList();
            if (!flink.isEmpty()) {
                out.add(String.format(Locale.ROOT, "%s: engine high p99 below Flink's at %s", variant,
                        notBelow.isEmpty() ? "every k" : "every k except " + notBelow));
            }
            final double timely = byK.values().stream().filter(s -> s.containsKey("engine"))
                    .mapToDouble(s -> Spread.of(s.get("engine"), r -> r.priority(PriorityWorkload.HIGH).timelyRate()
                            / r.priority(PriorityWorkload.HIGH).idealRate()).min()).min().orElse(Double.NaN);
            out.add(String.format(Locale.ROOT, "%s: engine timely high-priority output, lowest run: %.1f %% of ideal",
                    variant, 100 * timely));
        });
        return out;
    }

    private static Map<Integer, Spread> highP99(final Map<Integer, Map<String, List<Measured>>> byK,
                                                final String system) {
        return byK.entrySet().stream().filter(e -> e.getValue().containsKey(system)).collect(Collectors.toMap(
                Map.Entry::getKey, e -> Spread.of(e.getValue().get(system),
                        r -> r.priority(PriorityWorkload.HIGH).p99()), (a, b) -> a, TreeMap::new));
    }

    private static String s(final List<PriorityFigures> f, final ToDoubleFunction<PriorityFigures> figure,
                            final String format) {
        return Spread.of(f, figure).text(format);
    }

    private static String columns(final String name) {
        return name + "_median," + name + "_min," + name + "_max";
    }

    private static String csv(final Spread s) {
        return String.format(Locale.ROOT, "%.3f,%.3f,%.3f", s.median(), s.min(), s.max());
    }

    private static double mb(final long kb) {
        return kb / 1024.0;
    }
}
