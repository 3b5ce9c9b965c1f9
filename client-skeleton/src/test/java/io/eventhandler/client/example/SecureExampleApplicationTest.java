package io.eventhandler.client.example;

import eu.arrowhead.common.dto.shared.ServiceQueryFormDTO;
import eu.arrowhead.common.dto.shared.ServiceQueryResultDTO;
import io.eventhandler.client.testing.CoreSystemDouble;
import io.eventhandler.client.testing.OfficialAnswers.Registration;
import io.eventhandler.client.testing.OfficialAnswers;
import io.eventhandler.security.certs.CertificateAuthority;
import io.eventhandler.security.certs.LocalCloud;
import io.eventhandler.security.certs.SslContexts;
import io.eventhandler.security.certs.SubjectAltNames;
import io.eventhandler.server.EventHandlerServer;
import io.eventhandler.server.config.HttpConfiguration;
import io.eventhandler.server.config.ServerConfiguration;
import io.eventhandler.server.config.StoreConfiguration;
import io.eventhandler.server.config.TlsConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example in secure mode against the real Event Handler in secure mode, in a local cloud made in a temporary
 * directory as the certificate command makes one ({@code --cloud testcloud --operator company --systems
 * eventhandler,serviceregistry,example}).
 */
class SecureExampleApplicationTest {

    private static final String PASSWORD = "changeit";

    @TempDir
    Path certs;

    private EventHandlerServer server;
    private Path example;
    private Path trustStore;

    @BeforeEach
    void makeCloudAndStartServer() throws Exception {
        final LocalCloud cloud = LocalCloud.open(certs, "testcloud", "company", PASSWORD.toCharArray());
        final Path eventHandler = cloud.writeSystem("eventhandler", SubjectAltNames.localhost(),
                CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        cloud.writeSystem("serviceregistry", SubjectAltNames.localhost(), CertificateAuthority.DEFAULT_SYSTEM_VALIDITY,
                false);
        example = cloud.writeSystem("example", SubjectAltNames.localhost(), CertificateAuthority.DEFAULT_SYSTEM_VALIDITY,
                false);
        trustStore = cloud.writeTrustStore(false);
        server = EventHandlerServer.start(ServerConfiguration.fromMap(Map.of(
                HttpConfiguration.PORT.key(), "0",
                StoreConfiguration.URL.key(), "jdbc:h2:mem:eh-secure-example-" + System.nanoTime(),
                TlsConfiguration.KEY_STORE.key(), eventHandler.toString(),
                TlsConfiguration.KEY_STORE_PASSWORD.key(), PASSWORD,
                TlsConfiguration.TRUST_STORE.key(), trustStore.toString())));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    private String run(final ExampleApplication.Result expected, final String... extra) {
        final String[] secure = {"--keystore", example.toString(), "--truststore", trustStore.toString(),
            "--password", PASSWORD, "--event-type", "TEMPERATURE", "--count", "10", "--timeout", "20"};
        final String[] args = new String[secure.length + extra.length];
        System.arraycopy(secure, 0, args, 0, secure.length);
        System.arraycopy(extra, 0, args, secure.length, extra.length);
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            assertEquals(expected, ExampleApplication.run(ExampleOptions.parse(args), out));
        }
        return output.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runsEndToEndOverMutualTlsAsTheSystemItsCertificateNames() {
        final String text = run(new ExampleApplication.Result(10, 10, 10, true),
                "--url", "https://127.0.0.1:" + server.port());

        assertTrue(text.contains("secure mode as example.testcloud.company.arrowhead.eu"), text);
        assertTrue(text.contains("Event Handler at https://127.0.0.1:" + server.port() + " is up (as configured)"), text);
        assertTrue(text.contains("webhook subscribed: example at https://127.0.0.1:"), text);
        assertTrue(text.contains("published 10 events as example"), text);
        assertTrue(text.contains("OK: published 10, received 10 via SSE and 10 via webhook"), text);
        assertTrue(text.contains("unsubscribed example from TEMPERATURE"), text);
    }

    @Test
    void findsTheEventHandlerThroughTheServiceRegistry() throws Exception {
        final var eventHandler = OfficialAnswers.system("eventhandler", "127.0.0.1", server.port());
        try (CoreSystemDouble<ServiceQueryFormDTO, ServiceQueryResultDTO> registry = CoreSystemDouble.start(
                SslContexts.fromFiles(certs.resolve("serviceregistry.p12"), trustStore, PASSWORD.toCharArray()),
                "/serviceregistry/query", ServiceQueryFormDTO.class, query -> OfficialAnswers.query(new Registration(
                        query.getServiceDefinitionRequirement(), eventHandler,
                        query.getServiceDefinitionRequirement().equals("event-publish") ? "/eventhandler/publish"
                                : null)))) {

            final String text = run(new ExampleApplication.Result(10, 10, 10, true),
                    "--service-registry", registry.baseUri().toString(), "--url", "https://127.0.0.1:1");

            assertTrue(text.contains("is up (named by the Service Registry " + registry.baseUri()), text);
            assertEquals(List.of(), registry.malformed());
            assertEquals(List.of("example.testcloud.company.arrowhead.eu"), registry.callers().stream().distinct().toList());
        }
    }
}
