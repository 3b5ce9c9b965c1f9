package io.eventhandler.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The header of every report: when, on what hardware and JVM, with which command line.
 *
 * @param date        ISO-8601 local date and time of the start
 * @param cpuModel    CPU model from {@code /proc/cpuinfo} (or the board model on a Raspberry Pi), else the arch
 * @param cores       processors available to the JVM
 * @param os          operating system name, version and architecture
 * @param jvm         JVM name, vendor and version
 * @param maxHeapMb   maximum heap in MiB
 * @param commandLine the full command line, as the OS reports it, else reconstructed; password values left out
 */
public record EnvironmentInfo(String date, String cpuModel, int cores, String os, String jvm, long maxHeapMb,
                              String commandLine) {

    /** {@code --password X}, {@code --password=X}, {@code --server-config server.ssl.key-store-password=X}. */
    private static final Pattern PASSWORD = Pattern.compile("(password[= ])\\S+", Pattern.CASE_INSENSITIVE);

    /**
     * The environment of this JVM.
     *
     * @param args the generator's arguments, used when the OS does not report the command line
     * @return the header
     */
    public static EnvironmentInfo current(final String[] args) {
        return new EnvironmentInfo(
                OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                cpuModel(Path.of("/proc/cpuinfo")),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ") "
                        + System.getProperty("java.runtime.version"),
                Runtime.getRuntime().maxMemory() / (1024 * 1024),
                redacted(ProcessHandle.current().info().commandLine()
                        .orElse("java " + LoadGenerator.class.getName() + " " + String.join(" ", args))));
    }

    /**
     * {@code commandLine} with every password value replaced, as reports are kept and shared.
     *
     * @param commandLine a command line
     * @return it without the password
     */
    public static String redacted(final String commandLine) {
        return PASSWORD.matcher(commandLine).replaceAll("$1***");
    }

    /**
     * The CPU model named in a {@code /proc/cpuinfo} file: {@code model name}, else {@code Model} (Raspberry Pi
     * boards), else {@code Hardware}, else the JVM's {@code os.arch}.
     *
     * @param cpuinfo the file
     * @return the model
     */
    public static String cpuModel(final Path cpuinfo) {
        try {
            return cpuModel(Files.readAllLines(cpuinfo));
        } catch (final IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }

    /**
     * The CPU model named in the lines of a {@code /proc/cpuinfo} file.
     *
     * @param lines its lines
     * @return the model, or the JVM's {@code os.arch}
     */
    public static String cpuModel(final List<String> lines) {
        for (final String key : List.of("model name", "Model", "Hardware", "cpu model")) {
            for (final String line : lines) {
                final int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
                    final String value = line.substring(colon + 1).trim();
                    if (!value.isEmpty()) {
                        return value;
                    }
                }
            }
        }
        return System.getProperty("os.arch");
    }
}
