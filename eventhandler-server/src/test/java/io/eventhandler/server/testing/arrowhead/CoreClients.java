package io.eventhandler.server.testing.arrowhead;

import io.eventhandler.api.JsonMapper;
import io.eventhandler.security.certs.Pkcs12Stores;
import io.eventhandler.server.arrowhead.CoreSystemClient;
import io.eventhandler.server.runtime.Runner;
import io.eventhandler.server.testing.TestCloud;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.time.Duration;

/** {@link CoreSystemClient}s for tests: as a system of the test cloud, or plain HTTP. */
public final class CoreClients {

    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(5);

    private CoreClients() {
    }

    /** Presents {@code system}'s certificate of the test cloud, verifies host names. */
    public static CoreSystemClient as(final String system) {
        return with(TestCloud.get().sslContext(system), true);
    }

    /** With this TLS identity and hostname verification on or off. */
    public static CoreSystemClient with(final SSLContext context, final boolean hostnameVerification) {
        return new CoreSystemClient(context, hostnameVerification, CONNECT_TIMEOUT, RESPONSE_TIMEOUT,
                JsonMapper.create(), new Runner());
    }

    /** Plain HTTP. */
    public static CoreSystemClient plain() {
        return new CoreSystemClient(null, true, CONNECT_TIMEOUT, RESPONSE_TIMEOUT, JsonMapper.create(), new Runner());
    }

    /** The certificate in {@code system}'s key store of the test cloud. */
    public static X509Certificate certificate(final String system) {
        try {
            return (X509Certificate) Pkcs12Stores.load(TestCloud.get().keyStore(system),
                    TestCloud.PASSWORD.toCharArray()).getCertificate(system);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        } catch (final GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
