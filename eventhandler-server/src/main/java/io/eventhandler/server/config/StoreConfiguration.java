package io.eventhandler.server.config;

/**
 * Where subscriptions are kept across restarts: a JDBC database, by default an embedded H2 file next to the working
 * directory (no server to install); a PostgreSQL or MySQL URL for sites that run one.
 *
 * @param url      {@value ServerConfiguration#STORE_URL} — JDBC URL (default {@value #DEFAULT_URL})
 * @param user     {@value ServerConfiguration#STORE_USER} — database user (default blank)
 * @param password {@value ServerConfiguration#STORE_PASSWORD} — database password (default blank)
 */
public record StoreConfiguration(String url, String user, String password) {

    public static final String DEFAULT_URL = "jdbc:h2:file:./data/eventhandler";

    @Override
    public String toString() {
        return "StoreConfiguration{url=" + url + ", user=" + user + "}";
    }
}
