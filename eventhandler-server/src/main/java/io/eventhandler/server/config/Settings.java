package io.eventhandler.server.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The settings of one configuration record, in the order {@code --check-config} and docs/configuration.md list
 * them: each declared once, with how the record shows its value.
 *
 * @param <R> the configuration record
 */
final class Settings<R> {

    private static final String HIDDEN = "******";

    private record Entry<R>(Setting<?> setting, Function<R, ?> shown, boolean secret) {
    }

    private final List<Entry<R>> entries = new ArrayList<>();

    /** Declares a setting; {@code shown} gives the record's value as {@code describe()} prints it. */
    <T> Setting<T> add(final Setting<T> setting, final Function<R, ?> shown) {
        entries.add(new Entry<>(setting, shown, false));
        return setting;
    }

    /** Declares a secret: {@code describe()} shows whether it is set, never the value. */
    Setting<String> secret(final Setting<String> setting, final Function<R, String> shown) {
        entries.add(new Entry<>(setting, shown, true));
        return setting;
    }

    /** The record's effective values by key, in declaration order. */
    void describe(final R record, final Map<String, Object> into) {
        for (final Entry<R> entry : entries) {
            final Object value = entry.shown().apply(record);
            into.put(entry.setting().key(), entry.secret() ? hidden((String) value) : value);
        }
    }

    private static String hidden(final String secret) {
        return secret == null || secret.isEmpty() ? "" : HIDDEN;
    }
}
