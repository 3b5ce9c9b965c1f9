package io.eventhandler.server.testing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The samples of a Prometheus text exposition (format 0.0.4), parsed: {@code name{label="value",...} number}.
 * Comments ({@code # HELP}, {@code # TYPE}) are skipped.
 */
public final class PrometheusText {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One sample. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples;

    private PrometheusText(final List<Sample> samples) {
        this.samples = samples;
    }

    public static PrometheusText parse(final String text) {
        return new PrometheusText(text.lines().filter(line -> !line.isBlank() && !line.startsWith("#"))
                .map(PrometheusText::sample).toList());
    }

    private static Sample sample(final String line) {
        final Matcher m = SAMPLE.matcher(line.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a sample line: " + line);
        }
        final Map<String, String> labels = new LinkedHashMap<>();
        if (m.group(3) != null) {
            final Matcher label = LABEL.matcher(m.group(3));
            while (label.find()) {
                labels.put(label.group(1), label.group(2));
            }
        }
        return new Sample(m.group(1), labels, Double.parseDouble(m.group(4).replace("+Inf", "Infinity")));
    }

    /** The sample of this name whose labels include these ({@code key, value, key, value, ...}). */
    public Optional<Double> find(final String name, final String... labels) {
        return samples.stream().filter(s -> s.name().equals(name) && hasLabels(s, labels)).map(Sample::value)
                .findFirst();
    }

    /** Like {@link #find}, failing when there is none. */
    public double value(final String name, final String... labels) {
        return find(name, labels).orElseThrow(() -> new AssertionError("no sample " + name + " "
                + String.join(",", labels) + " in the exposition"));
    }

    /** Every sample of this name. */
    public List<Sample> all(final String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }

    private static boolean hasLabels(final Sample sample, final String[] labels) {
        for (int i = 0; i + 1 < labels.length; i += 2) {
            if (!labels[i + 1].equals(sample.labels().get(labels[i]))) {
                return false;
            }
        }
        return true;
    }
}
