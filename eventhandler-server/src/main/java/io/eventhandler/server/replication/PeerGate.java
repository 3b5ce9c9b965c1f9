package io.eventhandler.server.replication;

import io.eventhandler.api.ExceptionType;
import io.eventhandler.server.config.ReplicationConfiguration;
import io.eventhandler.server.http.ArrowheadException;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Who may call the replication endpoints in plain mode, where no certificate names the caller: nobody on an instance
 * that is not in a pair, else only a caller with the pair's shared secret, or from this host when the pair is
 * configured loopback-only. Every refusal is a 403. A forged batch could make a primary step down and replace every mirrored
 * webhook subscription. In secure mode the caller's certificate decides ({@code AccessControl}).
 */
final class PeerGate {

    /** The header that carries the shared secret ({@code eh.replication.secret}). */
    static final String SECRET_HEADER = "Eh-Replication-Secret";

    private final boolean paired;
    private final byte[] secret;
    private final boolean loopbackOnly;

    PeerGate(final ReplicationConfiguration configuration) {
        this.paired = configuration.paired();
        this.secret = configuration.secret().getBytes(StandardCharsets.UTF_8);
        this.loopbackOnly = configuration.loopbackOnly();
    }

    /** The secret a peer sends, or null when none is configured. */
    String secret() {
        return secret.length == 0 ? null : new String(secret, StandardCharsets.UTF_8);
    }

    /**
     * @param presented   the caller's {@link #SECRET_HEADER}, or null
     * @param remoteAddress the caller's IP address
     * @throws ArrowheadException 403 when replication is off here or the caller is not the peer
     */
    void check(final String presented, final String remoteAddress, final String origin) {
        if (!paired) {
            throw forbidden("Replication is not enabled on this instance (it is not one of a pair).", origin);
        }
        if (secret.length > 0 && (presented == null
                || !MessageDigest.isEqual(secret, presented.getBytes(StandardCharsets.UTF_8)))) {
            throw forbidden("Replication requests must carry the pair's shared secret (eh.replication.secret) in "
                    + "the " + SECRET_HEADER + " header.", origin);
        }
        if (loopbackOnly && !loopback(remoteAddress)) {
            throw forbidden("This instance takes replication requests from its own host only "
                    + "(eh.replication.loopback.only).", origin);
        }
    }

    private static ArrowheadException forbidden(final String message, final String origin) {
        return new ArrowheadException(ExceptionType.AUTH, 403, message, origin);
    }

    private static boolean loopback(final String address) {
        if (address == null) {
            return false;
        }
        try {
            // an IP literal: no name lookup happens
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (final UnknownHostException e) {
            return false;
        }
    }
}
