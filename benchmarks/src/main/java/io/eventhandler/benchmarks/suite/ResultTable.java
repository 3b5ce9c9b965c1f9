package io.eventhandler.benchmarks.suite;

import io.eventhandler.benchmarks.load.EnvironmentInfo;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The suite's short report, to paste into an issue: a header (date, board or CPU, cores, memory, OS, JVM, command)
 * and one Markdown table row per benchmark and parameter set, with the score, its 99.9 % error and the unit.
 */
final class ResultTable {

    private ResultTable() {
    }

    /**
     * @param group       the group run
     * @param environment where and how it ran
     * @param memory      the machine's memory, as the report names it
     * @param results     JMH's results
     * @return the report, lines ending in {@code \n}
     */
    static String render(final SuiteGroup group, final EnvironmentInfo environment, final String memory,
                         final Collection<RunResult> results) {
        final StringBuilder text = new StringBuilder();
        text.append("# Event Handler JMH suite: ").append(group.label()).append('\n')
                .append("date      ").append(environment.date()).append('\n')
                .append("cpu       ").append(environment.cpuModel()).append(", ").append(environment.cores())
                .append(" cores\n")
                .append("memory    ").append(memory).append('\n')
                .append("os        ").append(environment.os()).append('\n')
                .append("jvm       ").append(environment.jvm()).append('\n')
                .append("command   ").append(environment.commandLine()).append("\n\n")
                .append("| benchmark | parameters | mode | score | ± error (99.9 %) | unit |\n")
                .append("|---|---|---|---:|---:|---|\n");
        for (final RunResult result : results) {
            text.append(row(result)).append('\n');
        }
        return text.toString();
    }

    private static String row(final RunResult result) {
        final BenchmarkParams params = result.getParams();
        final Result<?> primary = result.getPrimaryResult();
        return "| " + shortName(params.getBenchmark()) + " | " + parameters(params) + " | "
                + params.getMode().shortLabel() + " | " + number(primary.getScore()) + " | "
                + number(primary.getScoreError()) + " | " + primary.getScoreUnit() + " |";
    }

    /** {@code io.eventhandler.benchmarks.jmh.PublishPathBenchmark.publish} to {@code PublishPathBenchmark.publish}. */
    static String shortName(final String benchmark) {
        final int method = benchmark.lastIndexOf('.');
        final int type = benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }

    private static String parameters(final BenchmarkParams params) {
        final List<String> pairs = new ArrayList<>();
        for (final String key : params.getParamsKeys()) {
            pairs.add(key + "=" + params.getParam(key));
        }
        return pairs.isEmpty() ? "" : String.join(" ", pairs);
    }

    /** Three significant decimals for small scores, none past 1,000; "n/a" when JMH has no error (one iteration). */
    static String number(final double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "n/a";
        }
        final double magnitude = Math.abs(value);
        final String format = magnitude >= 1000 ? "%.0f" : magnitude >= 100 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, format, value);
    }
}
