package io.eventhandler.server.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Secure mode, with Arrowhead's {@code server.ssl.*} keys: HTTPS with required client certificates, the key store
 * presented to callers and on every outgoing call, and the trust store both directions are checked against.
 *
 * @param enabled              {@link #ENABLED} — secure mode (default: on exactly when a key store is
 *                             configured)
 * @param keyStore             {@link #KEY_STORE} — PKCS12 file with the Event Handler's key and chain
 *                             (system, cloud, master)
 * @param keyStorePassword     {@link #KEY_STORE_PASSWORD}
 * @param keyAlias             {@link #KEY_ALIAS} — key entry to use (default: the only one)
 * @param keyPassword          {@link #KEY_PASSWORD} — (default: the store password, as Arrowhead requires
 *                             them equal)
 * @param trustStore           {@link #TRUST_STORE} — PKCS12 file with the cloud certificate
 * @param trustStorePassword   {@link #TRUST_STORE_PASSWORD} — (default: the key store password)
 * @param hostnameVerification not {@link #DISABLE_HOSTNAME_VERIFIER} — outgoing calls check the peer certificate's
 *                             SAN against the host called (default on, as Arrowhead)
 */
public record TlsConfiguration(
        boolean enabled,
        Path keyStore,
        String keyStorePassword,
        String keyAlias,
        String keyPassword,
        Path trustStore,
        String trustStorePassword,
        boolean hostnameVerification) {

    /** The only store type accepted, as Arrowhead's stores are. */
    private static final String PKCS12 = "PKCS12";
    private static final Settings<TlsConfiguration> SETTINGS = new Settings<>();

    public static final Setting<Boolean> ENABLED = SETTINGS.add(Setting.bool("server.ssl.enabled", null),
            TlsConfiguration::enabled);
    public static final Setting<String> KEY_STORE_TYPE = SETTINGS.add(
            Setting.string("server.ssl.key-store-type", PKCS12), tls -> PKCS12);
    public static final Setting<String> KEY_STORE = SETTINGS.add(Setting.string("server.ssl.key-store", ""),
            tls -> tls.keyStore() == null ? "" : tls.keyStore());
    public static final Setting<String> KEY_STORE_PASSWORD = SETTINGS.secret(
            Setting.string("server.ssl.key-store-password", ""), TlsConfiguration::keyStorePassword);
    public static final Setting<String> KEY_ALIAS = SETTINGS.add(Setting.string("server.ssl.key-alias", ""),
            TlsConfiguration::keyAlias);
    public static final Setting<String> KEY_PASSWORD = SETTINGS.secret(Setting.string("server.ssl.key-password", null),
            TlsConfiguration::keyPassword);
    public static final Setting<String> TRUST_STORE_TYPE = SETTINGS.add(
            Setting.string("server.ssl.trust-store-type", PKCS12), tls -> PKCS12);
    public static final Setting<String> TRUST_STORE = SETTINGS.add(Setting.string("server.ssl.trust-store", ""),
            tls -> tls.trustStore() == null ? "" : tls.trustStore());
    public static final Setting<String> TRUST_STORE_PASSWORD = SETTINGS.secret(
            Setting.string("server.ssl.trust-store-password", null), TlsConfiguration::trustStorePassword);
    public static final Setting<Boolean> DISABLE_HOSTNAME_VERIFIER = SETTINGS.add(
            Setting.bool("disable.hostname.verifier", false), tls -> !tls.hostnameVerification());

    /** Plain HTTP. */
    public static TlsConfiguration disabled() {
        return new TlsConfiguration(false, null, "", "", "", null, "", true);
    }

    static TlsConfiguration read(final ConfigSource source) {
        for (final Setting<String> type : java.util.List.of(KEY_STORE_TYPE, TRUST_STORE_TYPE)) {
            final String value = source.get(type);
            if (!value.equalsIgnoreCase(PKCS12)) {
                source.problem(type + "=" + value + " must be PKCS12 (as Arrowhead's stores are)");
            }
        }
        final String keyStore = source.get(KEY_STORE);
        final boolean enabled = source.get(ENABLED, !keyStore.isEmpty());
        final String storePassword = source.get(KEY_STORE_PASSWORD);
        final String trustStore = source.get(TRUST_STORE);
        final TlsConfiguration tls = new TlsConfiguration(enabled,
                keyStore.isEmpty() ? null : Path.of(keyStore),
                storePassword,
                source.get(KEY_ALIAS),
                source.get(KEY_PASSWORD, storePassword),
                trustStore.isEmpty() ? null : Path.of(trustStore),
                source.get(TRUST_STORE_PASSWORD, storePassword),
                !source.get(DISABLE_HOSTNAME_VERIFIER));
        if (enabled) {
            tls.checkStores(source, keyStore, trustStore);
        }
        return tls;
    }

    private void checkStores(final ConfigSource source, final String keyStoreText, final String trustStoreText) {
        if (keyStore == null) {
            source.problem(ENABLED + "=true needs " + KEY_STORE);
        } else if (!Files.isReadable(keyStore)) {
            source.problem(KEY_STORE + "=" + keyStoreText + " is not a readable file");
        }
        if (trustStore == null) {
            source.problem(ENABLED + "=true needs " + TRUST_STORE);
        } else if (!Files.isReadable(trustStore)) {
            source.problem(TRUST_STORE + "=" + trustStoreText + " is not a readable file");
        }
    }

    void describe(final Map<String, Object> into) {
        SETTINGS.describe(this, into);
    }

    @Override
    public String toString() {
        return "TlsConfiguration{enabled=" + enabled + ", keyStore=" + keyStore + ", keyAlias=" + keyAlias
                + ", trustStore=" + trustStore + ", hostnameVerification=" + hostnameVerification + "}";
    }
}
