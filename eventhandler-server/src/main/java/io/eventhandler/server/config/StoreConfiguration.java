package io.eventhandler.server.config;

import java.util.Map;

/**
 * Where subscriptions are kept across restarts: a JDBC database, by default an embedded H2 file next to the working
 * directory (no server to install); a PostgreSQL or MySQL URL for sites that run one.
 *
 * @param url      {@link #URL} — JDBC URL (default {@value #DEFAULT_URL})
 * @param user     {@link #USER} — database user (default blank)
 * @param password {@link #PASSWORD} — database password (default blank)
 */
public record StoreConfiguration(String url, String user, String password) {

    public static final String DEFAULT_URL = "jdbc:h2:file:./data/eventhandler";

    private static final Settings<StoreConfiguration> SETTINGS = new Settings<>();

    public static final Setting<String> URL = SETTINGS.add(Setting.string("eh.store.url", DEFAULT_URL),
            StoreConfiguration::url);
    public static final Setting<String> USER = SETTINGS.add(Setting.string("eh.store.user", ""),
            StoreConfiguration::user);
    public static final Setting<String> PASSWORD = SETTINGS.secret(Setting.string("eh.store.password", ""),
            StoreConfiguration::password);

    static StoreConfiguration read(final ConfigSource source) {
        return new StoreConfiguration(source.get(URL), source.get(USER), source.get(PASSWORD));
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }

    @Override
    public String toString() {
        return "StoreConfiguration{url=" + url + ", user=" + user + "}";
    }
}
