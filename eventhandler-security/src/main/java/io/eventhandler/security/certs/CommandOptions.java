package io.eventhandler.security.certs;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The parsed command line of {@link CertificateCommand}. Parsing validates every value, so a bad name or address is
 * reported as a usage error naming its option rather than failing half way through writing files.
 */
record CommandOptions(Path dir, String cloud, String operator, char[] password, List<String> systems,
                      SubjectAltNames altNames, Duration systemValidity, boolean trustMaster, boolean force,
                      boolean help, boolean arrowhead5) {

    static final String USAGE = String.join(System.lineSeparator(),
            "Usage: CertificateCommand --dir <dir> --cloud <cloud> --operator <operator> --password <password>",
            "                          [--systems <name,name,...>] [--san dns:<host>,ip:<address>,...]",
            "                          [--no-localhost] [--validity-days <days>] [--trust-master] [--force]",
            "                          [--arrowhead5]",
            "",
            "Creates or extends a development Arrowhead local cloud in <dir>: master.p12 (master CA),",
            "<cloud>.p12 (cloud CA), <system>.p12 per system and truststore.p12, all PKCS12 with <password>.",
            "Existing master and cloud stores are re-used; existing system stores are kept unless --force.",
            "",
            "  --dir            directory for the stores (created if missing)",
            "  --cloud          cloud name, a lower-case DNS label, e.g. testcloud",
            "  --operator       operator name, a lower-case DNS label, e.g. company",
            "  --password       password of every store and key (development use only)",
            "  --systems        system names, e.g. eventhandler,sysop,publisher,subscriber",
            "  --san            extra subject alternative names for every system (repeatable)",
            "  --no-localhost   do not add DNS:localhost and IP:127.0.0.1",
            "  --validity-days  lifetime of the system certificates (default 730)",
            "  --trust-master   also put the master in truststore.p12 (then every cloud of the master is trusted)",
            "  --force          overwrite existing system key stores",
            "  --arrowhead5     Arrowhead 5 certificates: system names as 5.x names them (PascalCase, e.g.",
            "                   EventHandler), kept in the CN, with the profile dnQualifier=sy; Sysop gets the",
            "                   operator profile (op). Key stores are named in lower case (eventhandler.p12)",
            "  --help           print this help");

    /** A command line that cannot be run; the message names the offending option. */
    static final class UsageException extends Exception {
        UsageException(final String message) {
            super(message);
        }
    }

    static CommandOptions parse(final String[] args) throws UsageException {
        final Builder builder = new Builder();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            String inlineValue = null;
            final int equals = option.indexOf('=');
            if (option.startsWith("--") && equals > 0) {
                inlineValue = option.substring(equals + 1);
                option = option.substring(0, equals);
            }
            switch (option) {
                case "--help", "-h" -> {
                    return new CommandOptions(null, null, null, null, List.of(), SubjectAltNames.none(),
                            CertificateAuthority.DEFAULT_SYSTEM_VALIDITY, false, false, true, false);
                }
                case "--no-localhost" -> builder.localhost = false;
                case "--trust-master" -> builder.trustMaster = true;
                case "--force" -> builder.force = true;
                case "--arrowhead5" -> builder.arrowhead5 = true;
                case "--dir", "--cloud", "--operator", "--password", "--systems", "--san", "--validity-days" -> {
                    final String value;
                    if (inlineValue != null) {
                        value = inlineValue;
                    } else if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
                        value = args[++i];
                    } else {
                        throw new UsageException("option " + option + " needs a value");
                    }
                    builder.set(option, value);
                }
                default -> throw new UsageException(option.startsWith("-")
                        ? "unknown option " + option
                        : "unexpected argument '" + option + "'");
            }
        }
        return builder.build();
    }

    /** The options read so far, checked as each arrives and together at the end. */
    private static final class Builder {
        private Path dir;
        private String cloud;
        private String operator;
        private char[] password;
        private final LinkedHashSet<String> systems = new LinkedHashSet<>();
        private final List<SubjectAltNames> sans = new ArrayList<>();
        private boolean localhost = true;
        private Duration validity = CertificateAuthority.DEFAULT_SYSTEM_VALIDITY;
        private boolean trustMaster;
        private boolean force;
        private boolean arrowhead5;

        void set(final String option, final String value) throws UsageException {
            if (value.isEmpty()) {
                throw new UsageException("option " + option + " needs a non-empty value");
            }
            switch (option) {
                case "--dir" -> dir = Path.of(value);
                case "--cloud" -> cloud = label(option, "cloud name", value);
                case "--operator" -> operator = label(option, "operator name", value);
                case "--password" -> password = value.toCharArray();
                case "--systems" -> {
                    for (final String system : value.split(",", -1)) {
                        systems.add(system.trim()); // checked in build(), by the rule --arrowhead5 chooses
                    }
                }
                case "--san" -> sans.add(altNames(option, value));
                default -> validity = days(option, value);
            }
        }

        CommandOptions build() throws UsageException {
            require("--dir", dir);
            require("--cloud", cloud);
            require("--operator", operator);
            require("--password", password);
            for (final String system : systems) {
                if (arrowhead5 && !ArrowheadName.isFiveSystemName(system)) {
                    throw new UsageException("--systems: invalid Arrowhead 5 system name '" + system
                            + "': PascalCase letters and digits, at most 63, e.g. EventHandler");
                }
                if (!arrowhead5) {
                    label("--systems", "system name", system);
                }
                try {
                    LocalCloud.systemFile(dir, cloud, arrowhead5 ? system.toLowerCase(java.util.Locale.ROOT) : system);
                } catch (final IllegalArgumentException e) {
                    throw new UsageException("--systems: " + e.getMessage());
                }
            }
            SubjectAltNames altNames = localhost ? SubjectAltNames.localhost() : SubjectAltNames.none();
            for (final SubjectAltNames more : sans) {
                altNames = altNames.plus(more);
            }
            return new CommandOptions(dir, cloud, operator, password, List.copyOf(systems), altNames, validity,
                    trustMaster, force, false, arrowhead5);
        }
    }

    private static void require(final String option, final Object value) throws UsageException {
        if (value == null) {
            throw new UsageException("missing required option " + option);
        }
    }

    private static String label(final String option, final String what, final String value) throws UsageException {
        try {
            return ArrowheadName.requireLabel(what, value);
        } catch (final IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    private static SubjectAltNames altNames(final String option, final String value) throws UsageException {
        try {
            return SubjectAltNames.parse(value);
        } catch (final IllegalArgumentException e) {
            throw new UsageException(option + ": " + e.getMessage());
        }
    }

    private static Duration days(final String option, final String value) throws UsageException {
        try {
            final long days = Long.parseLong(value);
            if (days >= 1 && days <= 36_500) {
                return Duration.ofDays(days);
            }
        } catch (final NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + ": '" + value + "' is not a number of days between 1 and 36500");
    }
}
