package io.eventhandler.petri.calibrate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The process on this machine that listens on a TCP port, found the way {@code ss -p} does: the socket's inode in
 * {@code /proc/net/tcp} and {@code tcp6}, then the process holding a descriptor to it. Linux only; a process of
 * another user is not visible.
 */
final class ListeningProcess {

    /** The kernel's state number of a listening socket in {@code /proc/net/tcp}. */
    private static final String LISTEN = "0A";

    private ListeningProcess() {
    }

    static OptionalLong of(final int port) throws IOException {
        final Set<String> inodes = new HashSet<>();
        for (final String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            final Path path = Path.of(table);
            if (Files.isReadable(path)) {
                inodes.addAll(listening(Files.readAllLines(path, StandardCharsets.US_ASCII), port));
            }
        }
        if (inodes.isEmpty()) {
            return OptionalLong.empty();
        }
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (final Path process : processes) {
                if (holds(process, inodes)) {
                    return OptionalLong.of(Long.parseLong(process.getFileName().toString()));
                }
            }
        }
        return OptionalLong.empty();
    }

    /** Inodes of the sockets listening on {@code port} in one {@code /proc/net/tcp*} table. */
    static Set<String> listening(final List<String> table, final int port) {
        final String hexPort = ":" + String.format(Locale.ROOT, "%04X", port);
        final Set<String> inodes = new HashSet<>();
        for (final String line : table.subList(Math.min(1, table.size()), table.size())) {
            final String[] fields = line.trim().split("\\s+");
            if (fields.length > 9 && fields[1].endsWith(hexPort) && LISTEN.equals(fields[3])) {
                inodes.add(fields[9]);
            }
        }
        return inodes;
    }

    private static boolean holds(final Path process, final Set<String> inodes) {
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(process.resolve("fd"))) {
            for (final Path descriptor : descriptors) {
                final String target = Files.readSymbolicLink(descriptor).toString();
                if (target.startsWith("socket:[") && inodes.contains(target.substring(8, target.length() - 1))) {
                    return true;
                }
            }
        } catch (final IOException | SecurityException notOurs) {
            // ended meanwhile, or another user's process
        }
        return false;
    }
}
