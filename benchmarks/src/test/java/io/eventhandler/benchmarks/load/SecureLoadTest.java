package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.security.certs.CertificateAuthority;
import io.eventhandler.security.certs.LocalCloud;
import io.eventhandler.security.certs.SubjectAltNames;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tiny loads over mutual TLS against an Event Handler embedded in secure mode, in a local cloud made as the
 * certificate command makes one: the generator is system {@code loadgen}, and the server checks that every publish
 * and webhook subscription names it.
 */
@Timeout(120)
class SecureLoadTest {

    private static final String PASSWORD = "changeit";

    @TempDir
    static Path certs;

    @TempDir
    Path dir;

    @BeforeAll
    static void makeCloud() throws Exception {
        final LocalCloud cloud = LocalCloud.open(certs, "testcloud", "company", PASSWORD.toCharArray());
        for (final String system : new String[] {"eventhandler", "loadgen"}) {
            cloud.writeSystem(system, SubjectAltNames.localhost(), CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false);
        }
        cloud.writeTrustStore(false);
    }

    private static String[] secureEmbedded(final String keyStore, final String... more) {
        final String[] base = {"--embedded",
            "--server-config", "server.ssl.key-store=" + certs.resolve("eventhandler.p12"),
            "--server-config", "server.ssl.key-store-password=" + PASSWORD,
            "--server-config", "server.ssl.trust-store=" + certs.resolve("truststore.p12"),
            "--keystore", certs.resolve(keyStore).toString(), "--truststore", certs.resolve("truststore.p12").toString(),
            "--password", PASSWORD};
        final String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @ParameterizedTest
    @CsvSource({"lean,sse", "lean,webhook", "skeleton,sse", "skeleton,webhook"})
    void shouldRunOverMutualTlsWithoutLoss(final String client, final String mode) throws Exception {
        final Path json = dir.resolve("report.json");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        final int code = LoadGenerator.run(secureEmbedded("loadgen.p12", "--client", client, "--mode", mode,
                "--publishers", "2", "--subscribers", "2", "--events", "50", "--warmup", "10",
                "--json", json.toString(), "--fail-on-loss"), print(out), print(new ByteArrayOutputStream()));

        assertEquals(0, code, () -> out.toString(StandardCharsets.UTF_8));
        final JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertTrue(report.path("options").path("secure").asBoolean(), report.path("options").toString());
        assertTrue(report.path("target").asText().startsWith("embedded https://"), report.path("target").asText());
        final JsonNode run = report.path("runs").get(0);
        assertEquals(0, run.path("delivery").path("lost").asInt());
        for (final JsonNode subscriber : run.path("subscribers")) {
            assertEquals(100, subscriber.path("unique").asInt(), subscriber.toString());
        }
        assertFalse(Files.readString(json).contains(PASSWORD), "the password stays out of the report");
    }

    @Test
    void shouldReportAPasswordThatOpensNoStoreAsAUsageError() {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final String[] args = secureEmbedded("loadgen.p12", "--events", "10");
        args[args.length - 3] = "wrong";

        assertEquals(LoadGenerator.EXIT_USAGE, LoadGenerator.run(args, print(new ByteArrayOutputStream()), print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("cannot use"), err.toString(StandardCharsets.UTF_8));
    }

    private static PrintStream print(final ByteArrayOutputStream out) {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }
}
