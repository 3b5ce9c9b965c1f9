package io.eventhandler.security.certs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CertificateCommandTest {

    private static final String PASSWORD = "changeit";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void createsTheWholeLocalCloudAndRefusesToOverwriteWithoutForce() throws Exception {
        final String[] args = {"--dir", dir.toString(), "--cloud", "testcloud", "--operator", "company",
                "--password", PASSWORD, "--systems", "eventhandler,sysop", "--san", "dns:myhost,ip:192.168.1.10"};

        assertEquals(0, run(args), err());
        assertEquals(Set.of("master.p12", "testcloud.p12", "eventhandler.p12", "sysop.p12", "truststore.p12"),
                files());
        assertTrue(out().contains("created  " + dir.resolve("eventhandler.p12")), out());
        assertTrue(out().contains("eventhandler.testcloud.company.arrowhead.eu"), out());
        final KeyAndChain eventHandler = Pkcs12Stores.readKeyEntry(dir.resolve("eventhandler.p12"), PASSWORD.toCharArray());
        assertEquals(3, eventHandler.chain().size());
        assertEquals(Set.of(List.of(2, "localhost"), List.of(2, "myhost"), List.of(7, "127.0.0.1"),
                List.of(7, "192.168.1.10")), new HashSet<>(eventHandler.certificate().getSubjectAlternativeNames()));
        TestPki.validate(eventHandler.chain().subList(0, 2), eventHandler.chain().get(2));

        final byte[] before = Files.readAllBytes(dir.resolve("eventhandler.p12"));
        reset();
        assertEquals(1, run(args));
        assertTrue(err().contains("eventhandler, sysop") && err().contains("--force"), err());
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("eventhandler.p12")));

        reset();
        final String[] forced = Arrays.copyOf(args, args.length + 1);
        forced[args.length] = "--force";
        assertEquals(0, run(forced), err());
        assertTrue(out().contains("re-used  " + dir.resolve("master.p12")), out());
        assertTrue(out().contains("re-used  " + dir.resolve("testcloud.p12")), out());
        final KeyAndChain reissued = Pkcs12Stores.readKeyEntry(dir.resolve("eventhandler.p12"), PASSWORD.toCharArray());
        assertFalse(Arrays.equals(before, Files.readAllBytes(dir.resolve("eventhandler.p12"))));
        assertEquals(eventHandler.chain().subList(1, 3), reissued.chain().subList(1, 3));
    }

    @Test
    void addsSystemsToAnExistingCloudAndCanTrustTheMaster() throws Exception {
        assertEquals(0, run("--dir", dir.toString(), "--cloud", "testcloud", "--operator", "company",
                "--password", PASSWORD, "--systems", "eventhandler"), err());
        reset();

        assertEquals(0, run("--dir=" + dir, "--cloud=testcloud", "--operator=company", "--password=" + PASSWORD,
                "--systems=subscriber", "--no-localhost", "--trust-master", "--validity-days", "30"), err());

        final KeyAndChain subscriber = Pkcs12Stores.readKeyEntry(dir.resolve("subscriber.p12"), PASSWORD.toCharArray());
        final X509Certificate cert = subscriber.certificate();
        assertEquals(null, cert.getSubjectAlternativeNames());
        assertTrue(cert.getNotAfter().getTime() - System.currentTimeMillis() < 31L * 24 * 3600 * 1000);
        assertEquals(Set.of("testcloud.company.arrowhead.eu", "arrowhead.eu"), Set.copyOf(java.util.Collections.list(
                Pkcs12Stores.load(dir.resolve("truststore.p12"), PASSWORD.toCharArray()).aliases())));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--cloud testcloud --operator company --password x                     | missing required option --dir",
            "--dir D --operator company --password x                               | missing required option --cloud",
            "--dir D --cloud testcloud --password x                                | missing required option --operator",
            "--dir D --cloud testcloud --operator company                          | missing required option --password",
            "--dir D --cloud testcloud --operator company --password x --bogus     | unknown option --bogus",
            "--dir D --cloud Test_Cloud --operator company --password x            | --cloud: invalid cloud name 'Test_Cloud'",
            "--dir D --cloud testcloud --operator ACME --password x                | --operator: invalid operator name 'ACME'",
            "--dir D --cloud testcloud --operator company --password x --systems a,B_ | --systems: invalid system name 'B_'",
            "--dir D --cloud testcloud --operator company --password x --systems master | --systems: system name 'master'",
            "--dir D --cloud testcloud --operator company --password x --san foo:bar | --san: invalid subject alternative name 'foo:bar'",
            "--dir D --cloud testcloud --operator company --password x --san ip:300.1.1.1 | --san: invalid IP address '300.1.1.1'",
            "--dir D --cloud testcloud --operator company --password x --validity-days 0 | --validity-days: '0'",
            "--dir D --cloud testcloud --operator company --password                | option --password needs a value",
            "--dir --cloud testcloud --operator company --password x                | option --dir needs a value",
            "--dir D --cloud testcloud --operator company --password x stray        | unexpected argument 'stray'",
    })
    void badArgumentsAreUsageErrorsNamingTheOption(final String commandLine, final String message) {
        final String[] args = commandLine.trim().replace("D", dir.resolve("out").toString()).split("\\s+");

        assertEquals(2, run(args), out());
        assertTrue(err().contains("error: " + message.trim()), err());
        assertTrue(err().contains("Usage: CertificateCommand"), err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is written on a usage error");
    }

    @Test
    void issuesArrowhead5CertificatesWithTheProfileInTheDnQualifier() throws Exception {
        assertEquals(0, run("--dir", dir.toString(), "--cloud", "testcloud", "--operator", "company",
                "--password", PASSWORD, "--systems", "EventHandler,Sysop", "--arrowhead5"), err());

        final X509Certificate system = Pkcs12Stores.readKeyEntry(dir.resolve("eventhandler.p12"),
                PASSWORD.toCharArray()).certificate();
        final X509Certificate operator = Pkcs12Stores.readKeyEntry(dir.resolve("sysop.p12"),
                PASSWORD.toCharArray()).certificate();
        // RFC 2253 form, the last RDN first: the 5.x core reads CN and dnQualifier from it
        assertEquals("CN=EventHandler.testcloud.company.arrowhead.eu,2.5.4.46=#13027379",
                system.getSubjectX500Principal().getName());
        assertEquals("CN=Sysop.testcloud.company.arrowhead.eu,2.5.4.46=#13026f70",
                operator.getSubjectX500Principal().getName());
        assertTrue(out().contains("dnQualifier sy"), out());
    }

    @Test
    void anArrowhead5RunRefusesNamesThatAreNotFiveNames() {
        assertEquals(2, run("--dir", dir.toString(), "--cloud", "testcloud", "--operator", "company",
                "--password", PASSWORD, "--systems", "event-handler", "--arrowhead5"));
        assertTrue(err().contains("invalid Arrowhead 5 system name 'event-handler'"), err());
    }

    @Test
    void helpPrintsUsage() {
        assertEquals(0, run("--help"));
        assertTrue(out().contains("--systems"), out());
    }

    @Test
    void aWrongPasswordForExistingStoresFailsWithoutUsage() {
        assertEquals(0, run("--dir", dir.toString(), "--cloud", "testcloud", "--operator", "company",
                "--password", PASSWORD), err());
        reset();

        assertEquals(1, run("--dir", dir.toString(), "--cloud", "testcloud", "--operator", "company",
                "--password", "wrong", "--systems", "sysop"));
        assertTrue(err().startsWith("error: "), err());
        assertFalse(Files.exists(dir.resolve("sysop.p12")));
    }

    private int run(final String... args) {
        return CertificateCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private void reset() {
        out.reset();
        err.reset();
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Set<String> files() throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
