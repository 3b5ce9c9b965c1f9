package io.eventhandler.server.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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

    /** The setting's value: from the environment, else the explicit values, else its default. */
    <T> T get(final Setting<T> setting) {
        return get(setting, setting.defaultValue());
    }

    /** The setting's value, with a default that depends on other settings (e.g. the key store's password). */
    <T> T get(final Setting<T> setting, final T defaultValue) {
        final String raw = raw(setting.key());
        return raw == null ? defaultValue : setting.parse(raw, defaultValue, this);
    }

    private String raw(final String key) {
        known.add(key);
        final String fromEnvironment = environment.get(environmentName(key));
        if (fromEnvironment != null) {
            return fromEnvironment.trim();
        }
        final String explicit = values.get(key);
        return explicit != null ? explicit.trim() : null;
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
