package io.eventhandler.server.arrowhead;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.server.config.ArrowheadConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import io.eventhandler.server.runtime.Runner;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The Event Handler's side of the Arrowhead core: one {@link CoreSystemClient}, the {@link ServiceRegistryClient},
 * the {@link AuthorizationClient} and, once the server listens, the {@link ServiceRegistration}.
 *
 * <p>{@link Arrowhead46Cloud} owns it: it starts the registration once the server listens, asks the Authorization
 * through {@link #authorization()}, and closes it (unregistering first) when the server stops. In secure mode the
 * client presents the server's own certificate; in plain mode it calls over HTTP.
 * Threads: {@code eh-core-io} (HTTP I/O), {@code eh-core-client} (completions: every future here completes on one of
 * them) and {@code eh-sr-registration}; all daemon.
 */
public final class CoreSystems implements AutoCloseable {

    private final ArrowheadConfiguration configuration;
    private final X509Certificate certificate;
    private final CoreSystemClient client;
    private final ServiceRegistryClient serviceRegistry;
    private final AuthorizationClient authorization;
    private final Runner runner;
    private ServiceRegistration registration;

    private CoreSystems(final ArrowheadConfiguration configuration, final X509Certificate certificate,
                        final CoreSystemClient client, final Runner runner) {
        this.configuration = configuration;
        this.runner = runner;
        this.certificate = certificate;
        this.client = client;
        this.serviceRegistry = new ServiceRegistryClient(client, configuration.serviceRegistryAddress(),
                configuration.serviceRegistryPort());
        this.authorization = new AuthorizationClient(client, serviceRegistry);
    }

    /**
     * @param arrowhead  the Service Registry, domain and timing settings (must not be standalone)
     * @param tls        secure mode settings: the registered identity and {@code authenticationInfo} come from its
     *                   key store, hostname verification from {@code disable.hostname.verifier}
     * @param sslContext TLS for outgoing calls when {@code tls.enabled()}, else ignored (plain HTTP)
     * @param mapper     Jackson for the wire types
     * @param runner     makes the clients' and the registration's threads
     * @throws IllegalArgumentException if standalone, or secure without an SSL context
     * @throws IllegalStateException    if the key store cannot be read or its certificate is no Arrowhead system's
     */
    public static CoreSystems create(final ArrowheadConfiguration arrowhead, final TlsConfiguration tls,
                                     final SSLContext sslContext, final ObjectMapper mapper, final Runner runner) {
        if (arrowhead.standalone()) {
            throw new IllegalArgumentException("standalone: no Service Registry configured");
        }
        if (tls.enabled() && sslContext == null) {
            throw new IllegalArgumentException("secure mode needs the SSL context for calls to core systems");
        }
        final X509Certificate certificate = tls.enabled() ? ownCertificate(tls) : null;
        if (certificate != null) {
            // fail now, not in the background: a CN that is no Arrowhead system name can never register
            EventHandlerServices.secure(certificate, arrowhead.domainName(), 1);
        }
        final CoreSystemClient client = new CoreSystemClient(tls.enabled() ? sslContext : null,
                tls.hostnameVerification(), Duration.ofMillis(arrowhead.coreConnectTimeoutMs()),
                Duration.ofMillis(arrowhead.coreResponseTimeoutMs()), mapper, runner);
        return new CoreSystems(arrowhead, certificate, client, runner);
    }

    /**
     * Starts registering (in the background) as {@code domain.name}:{@code domain.port}, or the given port when
     * {@code domain.port} is 0.
     *
     * @param listeningPort the port the server actually listens on
     */
    public synchronized ServiceRegistration startRegistration(final int listeningPort) {
        if (registration != null) {
            throw new IllegalStateException("registration already started");
        }
        final int port = configuration.registeredPort(listeningPort);
        final String address = configuration.domainName();
        final EventHandlerServices services = certificate != null
                ? EventHandlerServices.secure(certificate, address, port)
                : EventHandlerServices.insecure(address, port);
        registration = new ServiceRegistration(serviceRegistry, services, RegistrationSchedule.from(configuration),
                runner);
        registration.start();
        return registration;
    }

    /** The registration, once started. */
    public synchronized Optional<ServiceRegistration> registration() {
        return Optional.ofNullable(registration);
    }

    public ServiceRegistryClient serviceRegistry() {
        return serviceRegistry;
    }

    public AuthorizationClient authorization() {
        return authorization;
    }

    public CoreSystemClient client() {
        return client;
    }

    /** Unregisters (waiting at most the core response timeout), then closes the client. Never throws. */
    @Override
    public void close() {
        final ServiceRegistration started;
        synchronized (this) {
            started = registration;
        }
        if (started != null) {
            started.close();
        }
        client.close();
    }

    /**
     * The certificate of the key entry the server presents: {@code server.ssl.key-alias}, or the only key entry.
     *
     * @throws IllegalStateException if the store cannot be read or the entry is missing or ambiguous
     */
    public static X509Certificate ownCertificate(final TlsConfiguration tls) {
        try {
            final KeyStore store = Pkcs12Stores.load(tls.keyStore(), tls.keyStorePassword().toCharArray());
            final String alias = keyAlias(store, tls);
            final Certificate certificate = store.getCertificate(alias);
            if (!(certificate instanceof X509Certificate x509)) {
                throw new IllegalStateException(tls.keyStore() + ": entry '" + alias + "' has no X.509 certificate");
            }
            return x509;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read key store " + tls.keyStore(), e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException("cannot read key store " + tls.keyStore(), e);
        }
    }

    private static String keyAlias(final KeyStore store, final TlsConfiguration tls) throws GeneralSecurityException {
        if (tls.keyAlias() != null && !tls.keyAlias().isBlank()) {
            if (!store.isKeyEntry(tls.keyAlias())) {
                throw new IllegalStateException(tls.keyStore() + " has no key entry '" + tls.keyAlias() + "'");
            }
            return tls.keyAlias();
        }
        final List<String> keys = new ArrayList<>();
        for (final String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias)) {
                keys.add(alias);
            }
        }
        if (keys.size() != 1) {
            throw new IllegalStateException(tls.keyStore() + ": expected one key entry (or server.ssl.key-alias), found "
                    + keys);
        }
        return keys.get(0);
    }
}
