package io.eventhandler.server.config;

/**
 * One line of {@code --check-config}: a key, the value in force and where it came from.
 *
 * @param key    the key, as in {@code eventhandler.properties}
 * @param value  the value in force, as the server uses it (secrets shown only as set or not)
 * @param origin {@code default}, {@code file} or {@code environment}
 */
public record EffectiveSetting(String key, Object value, String origin) {
}
