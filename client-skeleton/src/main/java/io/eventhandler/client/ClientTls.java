package io.eventhandler.client;

import io.eventhandler.api.SystemRequestDTO;
import io.eventhandler.security.certs.ArrowheadName;
import io.eventhandler.security.certs.KeyAndChain;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.security.certs.SslContexts;
import io.eventhandler.security.certs.SystemIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import org.apache.hc.client5.http.ssl.DefaultClientTlsStrategy;
import org.apache.hc.client5.http.ssl.DefaultHostnameVerifier;
import org.apache.hc.client5.http.ssl.HostnameVerificationPolicy;
import org.apache.hc.client5.http.ssl.NoopHostnameVerifier;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;

/**
 * Secure mode of an application system: the TLS context it talks and listens with (its own Arrowhead certificate
 * and the cloud's truststore) and whether the server's host name is checked against its certificate's
 * SubjectAlternativeName. Checking is on by default, as in Arrowhead; {@link #withoutHostnameVerification()} is
 * Arrowhead's {@code disable.hostname.verifier=true}. Immutable.
 *
 * <p>When the own certificate is known (always with {@link #fromStores}), it names the system: the first label of
 * its CN is the system name that the Event Handler expects as {@code source.systemName} and
 * {@code subscriberSystem.systemName}, and its public key is the {@code authenticationInfo} Arrowhead systems send.
 */
public final class ClientTls {

    private final SSLContext sslContext;
    private final X509Certificate certificate;
    private final boolean verifyHostname;

    private ClientTls(final SSLContext sslContext, final X509Certificate certificate, final boolean verifyHostname) {
        this.sslContext = Objects.requireNonNull(sslContext, "sslContext");
        this.certificate = certificate;
        this.verifyHostname = verifyHostname;
    }

    /**
     * From PKCS12 stores sharing one password, as the certificate command makes them.
     *
     * @param keyStore   the system's store, with exactly one key entry
     * @param trustStore the cloud's truststore
     * @throws IOException              when a store cannot be read (or the password is wrong)
     * @throws GeneralSecurityException when a store holds no usable key or certificates
     */
    public static ClientTls fromStores(final Path keyStore, final Path trustStore, final char[] password)
            throws IOException, GeneralSecurityException {
        final KeyAndChain own = Pkcs12Stores.readKeyEntry(keyStore, password);
        return new ClientTls(SslContexts.fromFiles(keyStore, trustStore, password), own.certificate(), true);
    }

    /**
     * From a context built elsewhere.
     *
     * @param certificate the certificate the context presents, or null if unknown (then there is no
     *                    {@link #identity()} and no {@link #authenticationInfo()})
     */
    public static ClientTls of(final SSLContext sslContext, final X509Certificate certificate) {
        return new ClientTls(sslContext, certificate, true);
    }

    /** The same, but accepting a server certificate whatever host names it is for (the chain is still checked). */
    public ClientTls withoutHostnameVerification() {
        return new ClientTls(sslContext, certificate, false);
    }

    public SSLContext sslContext() {
        return sslContext;
    }

    /** Whether the server's host name is checked against its certificate. */
    public boolean verifiesHostname() {
        return verifyHostname;
    }

    /** The own certificate, if known. */
    public Optional<X509Certificate> certificate() {
        return Optional.ofNullable(certificate);
    }

    /** System name and cloud from the own certificate's CN, if known and a valid Arrowhead system name. */
    public Optional<SystemIdentity> identity() {
        return certificate().flatMap(ArrowheadName::commonName).flatMap(ArrowheadName::parseSystem);
    }

    /**
     * {@link #identity()} or a failure saying why there is none.
     *
     * @throws IllegalStateException when the certificate is unknown or its CN is not an Arrowhead system name
     */
    public SystemIdentity requireIdentity() {
        return identity().orElseThrow(() -> new IllegalStateException(certificate == null
                ? "the own certificate is not known"
                : "the own certificate's CN is not <system>.<cloud>.<operator>.arrowhead.eu: "
                        + certificate.getSubjectX500Principal()));
    }

    /** Base64 of the own public key (DER SubjectPublicKeyInfo), Arrowhead's {@code authenticationInfo}; or null. */
    public String authenticationInfo() {
        return certificate == null ? null : Base64.getEncoder().encodeToString(certificate.getPublicKey().getEncoded());
    }

    /** This system as Arrowhead requests name it: name from the certificate, {@link #authenticationInfo()}. */
    public SystemRequestDTO system(final String address, final int port) {
        return new SystemRequestDTO(requireIdentity().systemName(), address, port, authenticationInfo(), null);
    }

    /** {@code system} with {@link #authenticationInfo()} filled in if it has none. */
    SystemRequestDTO withAuthenticationInfo(final SystemRequestDTO system) {
        if (system == null || certificate == null
                || (system.authenticationInfo() != null && !system.authenticationInfo().isBlank())) {
            return system;
        }
        return new SystemRequestDTO(system.systemName(), system.address(), system.port(), authenticationInfo(),
                system.metadata());
    }

    /**
     * How Apache HttpClient connections upgrade to TLS with this context. Verifying means both the JDK's endpoint
     * identification and HttpClient's SAN check; not verifying switches both off.
     */
    public TlsSocketStrategy socketStrategy() {
        return verifyHostname
                ? new DefaultClientTlsStrategy(sslContext, HostnameVerificationPolicy.BOTH, new DefaultHostnameVerifier())
                : new DefaultClientTlsStrategy(sslContext, HostnameVerificationPolicy.CLIENT, NoopHostnameVerifier.INSTANCE);
    }

    @Override
    public String toString() {
        return "ClientTls{identity=" + identity().map(SystemIdentity::commonName).orElse("unknown")
                + ", verifyHostname=" + verifyHostname + '}';
    }
}
