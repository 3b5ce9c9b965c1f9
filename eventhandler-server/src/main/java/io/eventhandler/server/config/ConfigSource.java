package io.eventhandler.server.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Reads typed values by key: first from the environment variable derived from the key ({@code eh.sse.retry.ms} →
 * {@code EH_SSE_RETRY_MS}), then from the explicit values (properties file, tests), then the default. Collects every
 * problem instead of stopping at the first.
 */
final class ConfigSource {

    private final Map<String, String> values;
    private final Map<String, String> environment;
    private final List<String> problems = new ArrayList<>();
    private final Set<String> known = new LinkedHashSet<>();

    ConfigSource(final Map<String, String> values, final Map<String, String> environment) {
        this.values = values;
        this.environment = environment;
    }

    /** The environment variable that overrides a key. */
    static String environmentName(final String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    String string(final String key, final String defaultValue) {
        known.add(key);
        final String fromEnvironment = environment.get(environmentName(key));
        if (fromEnvironment != null) {
            return fromEnvironment.trim();
        }
        final String explicit = values.get(key);
        return explicit != null ? explicit.trim() : defaultValue;
    }

    int integer(final String key, final int defaultValue, final IntPredicate valid, final String rule) {
        final String raw = string(key, null);
        if (raw == null) {
            return defaultValue;
        }
        try {
            final int value = Integer.parseInt(raw);
            if (!valid.test(value)) {
                problems.add(key + "=" + raw + " must be " + rule);
            }
            return value;
        } catch (final NumberFormatException e) {
            problems.add(key + "=" + raw + " is not a whole number");
            return defaultValue;
        }
    }

    boolean bool(final String key, final boolean defaultValue) {
        final String raw = string(key, null);
        if (raw == null || raw.isEmpty()) {
            return defaultValue;
        }
        if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(raw);
        }
        problems.add(key + "=" + raw + " must be true or false");
        return defaultValue;
    }

    void problem(final String message) {
        problems.add(message);
    }

    /**
     * Report every explicit key no setting read: a misspelt key would otherwise leave its setting at the default
     * without a word. (The environment is not checked: it holds many variables that are not ours.)
     */
    void rejectUnknownKeys() {
        values.keySet().stream().filter(key -> !known.contains(key)).sorted()
                .forEach(key -> problems.add(key + " is not a known setting"));
    }

    List<String> problems() {
        return problems;
    }
}
