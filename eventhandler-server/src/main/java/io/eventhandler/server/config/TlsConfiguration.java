package io.eventhandler.server.config;

import java.nio.file.Path;

/**
 * Secure mode, with Arrowhead's {@code server.ssl.*} keys: HTTPS with required client certificates, the key store
 * presented to callers and on every outgoing call, and the trust store both directions are checked against.
 *
 * @param enabled              {@value ServerConfiguration#SSL_ENABLED} — secure mode (default: on exactly when a
 *                             key store is configured)
 * @param keyStore             {@value ServerConfiguration#SSL_KEY_STORE} — PKCS12 file with the Event Handler's key
 *                             and chain (system, cloud, master)
 * @param keyStorePassword     {@value ServerConfiguration#SSL_KEY_STORE_PASSWORD}
 * @param keyAlias             {@value ServerConfiguration#SSL_KEY_ALIAS} — key entry to use (default: the only one)
 * @param keyPassword          {@value ServerConfiguration#SSL_KEY_PASSWORD} — (default: the store password, as
 *                             Arrowhead requires them equal)
 * @param trustStore           {@value ServerConfiguration#SSL_TRUST_STORE} — PKCS12 file with the cloud certificate
 * @param trustStorePassword   {@value ServerConfiguration#SSL_TRUST_STORE_PASSWORD} — (default: the key store
 *                             password)
 * @param hostnameVerification not {@value ServerConfiguration#DISABLE_HOSTNAME_VERIFIER} — outgoing calls check the
 *                             peer certificate's SAN against the host called (default on, as Arrowhead)
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

    /** Plain HTTP. */
    public static TlsConfiguration disabled() {
        return new TlsConfiguration(false, null, "", "", "", null, "", true);
    }

    @Override
    public String toString() {
        return "TlsConfiguration{enabled=" + enabled + ", keyStore=" + keyStore + ", keyAlias=" + keyAlias
                + ", trustStore=" + trustStore + ", hostnameVerification=" + hostnameVerification + "}";
    }
}
