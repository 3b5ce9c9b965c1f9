package io.eventhandler.client;

import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.SystemIdentity;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;

/**
 * Who may POST notifications to a secure {@link WebhookReceiver}: only the Event Handler of the receiver's own cloud,
 * recognised by its certificate's CN {@code eventhandler.<cloud>}, as Arrowhead's
 * {@code SubscriberNotificationAccessControlFilter} allows only {@code CoreSystem.EVENTHANDLER}. The TLS handshake
 * has already checked the chain against the truststore; this checks the name. Used by
 * {@link WebhookReceiver#startSecure}; public for receivers of one's own.
 */
public final class NotificationAccessControl {

    /** The Event Handler's system name, Arrowhead's {@code CoreSystem.EVENTHANDLER} in lower case. */
    public static final String EVENT_HANDLER = "eventhandler";

    private final String allowedCommonName;

    private NotificationAccessControl(final String allowedCommonName) {
        this.allowedCommonName = allowedCommonName;
    }

    /** Allows {@code eventhandler.<cloudCommonName>} only. */
    public static NotificationAccessControl eventHandlerOf(final String cloudCommonName) {
        return new NotificationAccessControl(new SystemIdentity(EVENT_HANDLER, cloudCommonName).commonName());
    }

    /** Why the peer of {@code session} may not send notifications, or null if it may. */
    public String refusal(final SSLSession session) {
        final Certificate[] chain;
        try {
            chain = session.getPeerCertificates();
        } catch (final SSLPeerUnverifiedException e) {
            return "Unauthorized access: no client certificate.";
        }
        final Optional<String> commonName = chain.length > 0 && chain[0] instanceof X509Certificate leaf
                ? ArrowheadName.commonName(leaf) : Optional.empty();
        final Optional<SystemIdentity> sender = commonName.flatMap(ArrowheadName::parseSystem);
        if (sender.isPresent() && sender.get().commonName().equals(allowedCommonName)) {
            return null;
        }
        return "Unauthorized access: " + commonName.orElse("a certificate without a single CN")
                + " may not send notifications, only " + allowedCommonName + ".";
    }

    @Override
    public String toString() {
        return "notifications from " + allowedCommonName + " only";
    }
}
