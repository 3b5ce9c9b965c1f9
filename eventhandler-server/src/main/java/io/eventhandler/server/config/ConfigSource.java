package io.eventhandler.server.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Reads typed values by key: first from the environment variable derived from the key ({@code eh.sse.retry.ms} →
 * {@code EH_SSE_RETRY_MS}), then from the explicit values (properties file, tests), then the default. Collects every
 * problem instead of stopping at the first.
 */
final class ConfigSource {

    /** Where a setting's value came from, as {@code --check-config} lists it. */
    enum Origin {
        DEFAULT, FILE, ENVIRONMENT;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The prefix of the environment variables that are ours: one naming no setting is refused. */
    static final String ENVIRONMENT_PREFIX = "EH_";
    /**
     * Variables with our prefix that are not settings: the build's and the scripts' own (CI, tests, smoke runs,
     * docker/compose.yaml), which a server started from them inherits.
     */
    private static final Set<String> TOOLING_VARIABLES = Set.of("EH_REQUIRE_BROWSER", "EH_CHROMIUM",
            "EH_CHROMEDRIVER", "EH_REQUIRE_MOSQUITTO", "EH_JAVA_OPTS", "EH_IMAGE", "EH_CERT_PASSWORD",
            "EH_CERTS_DIR", "EH_CERTS_GID");
    private static final List<String> TOOLING_PREFIXES = List.of("EH_TEST_", "EH_SMOKE_");
    /** A near miss: at most this many single-character edits from a real name. */
    private static final int NEAR_MISS_EDITS = 2;

    private final Map<String, String> values;
    private final Map<String, String> environment;
    private final List<String> problems = new ArrayList<>();
    private final Set<String> known = new LinkedHashSet<>();
    private final Map<String, Origin> origins = new HashMap<>();

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
            origins.put(key, Origin.ENVIRONMENT);
            return fromEnvironment.trim();
        }
        final String explicit = values.get(key);
        if (explicit != null) {
            origins.put(key, Origin.FILE);
        }
        return explicit != null ? explicit.trim() : null;
    }

    /**
     * The explicit values whose keys start with {@code prefix}, by the rest of the key: settings handed on as they are
     * to a library (the Kafka clients), known by their prefix. Not read from the environment, whose names cannot be
     * mapped back to such keys.
     */
    Map<String, String> prefixed(final String prefix) {
        final Map<String, String> found = new TreeMap<>();
        values.forEach((key, value) -> {
            if (key.startsWith(prefix) && key.length() > prefix.length()) {
                known.add(key);
                origins.put(key, Origin.FILE);
                found.put(key.substring(prefix.length()), value.trim());
            }
        });
        return found;
    }

    /** Where the key's value came from: the environment, the file (or explicit values), else its default. */
    Origin origin(final String key) {
        return origins.getOrDefault(key, Origin.DEFAULT);
    }

    void problem(final String message) {
        problems.add(message);
    }

    /**
     * Report every explicit key no setting read, and every {@value #ENVIRONMENT_PREFIX} environment variable that
     * names no setting: a misspelt key would otherwise leave its setting at the default without a word. Other
     * environment variables are not ours to judge.
     */
    void rejectUnknownKeys() {
        values.keySet().stream().filter(key -> !known.contains(key)).sorted()
                .forEach(key -> problems.add(unknown(key, known)));
        final Set<String> knownVariables = known.stream().map(ConfigSource::environmentName)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        environment.keySet().stream()
                .filter(name -> name.startsWith(ENVIRONMENT_PREFIX) && !knownVariables.contains(name))
                .filter(name -> !TOOLING_VARIABLES.contains(name)
                        && TOOLING_PREFIXES.stream().noneMatch(name::startsWith))
                .sorted()
                .forEach(name -> problems.add("environment variable " + unknown(name, knownVariables)));
    }

    private static String unknown(final String name, final Set<String> names) {
        return name + " is not a known setting" + nearest(name, names).map(n -> " (did you mean " + n + "?)")
                .orElse("");
    }

    /** The name closest to {@code name}, if it is a near miss (a typo rather than another word). */
    static Optional<String> nearest(final String name, final Set<String> names) {
        final String lower = name.toLowerCase(Locale.ROOT);
        return names.stream()
                .map(candidate -> Map.entry(candidate, editDistance(lower, candidate.toLowerCase(Locale.ROOT))))
                .filter(e -> e.getValue() <= Math.min(NEAR_MISS_EDITS, lower.length() / 4))
                .min(Comparator.<Map.Entry<String, Integer>>comparingInt(Map.Entry::getValue)
                        .thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getKey);
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    static int editDistance(final String a, final String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                final int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    List<String> problems() {
        return problems;
    }
}
