package io.eventhandler.server.security;

import io.eventhandler.server.config.TlsConfiguration;

import java.util.Optional;

/**
 * Who the server is: its certificate identity in secure mode (none in plain mode), and how it calls other systems.
 * Who may call it is the local cloud's {@link AccessControl}.
 *
 * @param identity             the server's own identity; empty in plain mode
 * @param hostnameVerification whether called hosts must match their certificates
 */
public record ServerSecurity(Optional<ServerIdentity> identity, boolean hostnameVerification) {

    /** Plain mode, or the key and trust stores of secure mode (which must be an Arrowhead system's). */
    public static ServerSecurity of(final TlsConfiguration tls) {
        final Optional<ServerIdentity> identity = tls.enabled() ? Optional.of(ServerTls.load(tls)) : Optional.empty();
        return new ServerSecurity(identity, tls.hostnameVerification());
    }

    public boolean secure() {
        return identity.isPresent();
    }

    /** How the server calls webhook subscribers, its peer and the core systems. */
    public OutgoingTls outgoing() {
        return new OutgoingTls(identity.map(ServerIdentity::sslContext).orElse(null), hostnameVerification);
    }

    /** The server's system name: its certificate's in secure mode, {@code eventhandler} otherwise. */
    public String systemName() {
        return identity.map(i -> i.system().systemName()).orElse("eventhandler");
    }

    /** For the start-up log line: " as <common name>, client certificates required" in secure mode, else empty. */
    public String listeningAs() {
        return identity.map(i -> " as " + i.system().commonName() + ", client certificates required").orElse("");
    }
}
