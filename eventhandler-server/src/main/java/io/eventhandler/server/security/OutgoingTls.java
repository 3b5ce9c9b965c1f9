package io.eventhandler.server.security;

import javax.net.ssl.SSLContext;

/**
 * How the server calls other systems (webhook subscribers, its peer, the core systems): over TLS as itself (its key,
 * the cloud's trust) in secure mode, over plain HTTP otherwise.
 *
 * @param sslContext           the server's TLS context, or null in plain mode
 * @param hostnameVerification whether the called host must match the peer certificate's SAN (off is
 *                             {@code disable.hostname.verifier=true})
 */
public record OutgoingTls(SSLContext sslContext, boolean hostnameVerification) {

    /** Plain HTTP. */
    public static OutgoingTls plain() {
        return new OutgoingTls(null, true);
    }

    public boolean secure() {
        return sslContext != null;
    }
}
