package io.eventhandler.security.certs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Command line tool that creates a development Arrowhead local cloud; see {@link CommandOptions#USAGE}.
 *
 * <p>Exit codes: 0 success, 1 failure (an existing system store without {@code --force}, an unreadable store, a wrong
 * password), 2 usage error.
 */
public final class CertificateCommand {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    private CertificateCommand() {
    }

    public static void main(final String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command, printing what it wrote to {@code out} and problems to {@code err}; returns the exit code. */
    public static int run(final String[] args, final PrintStream out, final PrintStream err) {
        final CommandOptions options;
        try {
            options = CommandOptions.parse(args);
        } catch (final CommandOptions.UsageException e) {
            err.println("error: " + e.getMessage());
            err.println(CommandOptions.USAGE);
            return USAGE;
        }
        if (options.help()) {
            out.println(CommandOptions.USAGE);
            return OK;
        }
        try {
            return create(options, out, err);
        } catch (final IOException | GeneralSecurityException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return FAILED;
        }
    }

    private static int create(final CommandOptions options, final PrintStream out, final PrintStream err)
            throws IOException, GeneralSecurityException {
        // Check before creating anything, so a refused run leaves the directory as it was.
        final Path dir = options.dir();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            err.println("error: " + dir + " is not a directory");
            return FAILED;
        }
        if (!options.force()) {
            final List<String> existing = options.systems().stream()
                    .filter(system -> Files.exists(LocalCloud.systemFile(dir, options.cloud(), options.arrowhead5()
                            ? system.toLowerCase(java.util.Locale.ROOT) : system)))
                    .toList();
            if (!existing.isEmpty()) {
                err.println("error: system key store(s) already exist for " + String.join(", ", existing)
                        + " in " + dir + "; use --force to overwrite");
                return FAILED;
            }
        }

        final LocalCloud cloud = LocalCloud.open(dir, options.cloud(), options.operator(), options.password());
        final X509Certificate master = cloud.masterCertificate();
        if (cloud.master().isPresent()) {
            report(out, cloud.createdMaster(), dir.resolve(LocalCloud.MASTER_FILE), "master CA " + cn(master));
        }
        report(out, cloud.createdCloud(), LocalCloud.cloudFile(dir, options.cloud()),
                "cloud CA " + cloud.cloud().commonName());
        writeSystems(options, cloud, out);
        final Path trustStore = cloud.writeTrustStore(options.trustMaster());
        out.println("wrote    " + trustStore + "  (trusts " + cloud.trusted(options.trustMaster()).stream()
                .map(CertificateCommand::cn).collect(Collectors.joining(", ")) + ")");
        return OK;
    }

    private static void report(final PrintStream out, final boolean created, final Path file, final String what) {
        out.println((created ? "created  " : "re-used  ") + file + "  (" + what + ")");
    }

    private static void writeSystems(final CommandOptions options, final LocalCloud cloud, final PrintStream out)
            throws IOException, GeneralSecurityException {
        for (final String system : options.systems()) {
            if (options.arrowhead5()) {
                final Path file = cloud.writeArrowhead5System(system, options.altNames(), options.systemValidity(),
                        true);
                out.println("created  " + file + "  (Arrowhead 5, CN " + system + "." + cloud.cloud().commonName()
                        + ", dnQualifier " + (LocalCloud.OPERATOR_5.equals(system) ? "op" : "sy") + ", SAN "
                        + describe(options.altNames()) + ")");
                continue;
            }
            final Path file = cloud.writeSystem(system, options.altNames(), options.systemValidity(), true);
            out.println("created  " + file + "  (alias " + system + ", CN "
                    + ArrowheadName.systemCommonName(system, cloud.cloud().commonName()) + ", SAN "
                    + describe(options.altNames()) + ")");
        }
    }

    private static String cn(final X509Certificate certificate) {
        return ArrowheadName.commonName(certificate).orElse(certificate.getSubjectX500Principal().getName());
    }

    private static String describe(final SubjectAltNames altNames) {
        if (altNames.isEmpty()) {
            return "none";
        }
        final String dns = altNames.dnsNames().stream().map(n -> "DNS:" + n).collect(Collectors.joining(", "));
        final String ips = altNames.ipAddresses().stream().map(n -> "IP:" + n).collect(Collectors.joining(", "));
        return dns.isEmpty() ? ips : ips.isEmpty() ? dns : dns + ", " + ips;
    }
}
