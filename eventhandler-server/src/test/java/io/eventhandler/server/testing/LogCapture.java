package io.eventhandler.server.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the server logged at WARN or ERROR while a test ran, from both logging systems in play: SLF4J (slf4j-simple
 * resolves {@code System.err} at every write, and the test configuration prints WARN and above only, so every line
 * it prints in the window counts) and java.util.logging (Grizzly and Jersey), through a handler on the root logger.
 * Output still reaches the real stderr.
 */
public final class LogCapture implements AutoCloseable {

    private final PrintStream originalErr = System.err;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final List<String> julRecords = new ArrayList<>();
    private final Handler julHandler = new Handler() {
        @Override
        public void publish(final LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                synchronized (julRecords) {
                    julRecords.add(record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage()
                            + (record.getThrown() == null ? "" : " " + record.getThrown()));
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private LogCapture() {
        final OutputStream tee = new OutputStream() {
            @Override
            public void write(final int b) {
                synchronized (printed) {
                    printed.write(b);
                }
                originalErr.write(b);
            }

            @Override
            public void write(final byte[] bytes, final int offset, final int length) {
                synchronized (printed) {
                    printed.write(bytes, offset, length);
                }
                originalErr.write(bytes, offset, length);
            }
        };
        System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
        Logger.getLogger("").addHandler(julHandler);
    }

    /** Start capturing; close to stop. */
    public static LogCapture start() {
        return new LogCapture();
    }

    /** Every WARN or ERROR logged since the start, from either system, in the order of each. */
    public List<String> warningsAndErrors() {
        final List<String> found = new ArrayList<>();
        synchronized (printed) {
            Arrays.stream(printed.toString(StandardCharsets.UTF_8).split("\n"))
                    .filter(line -> line.contains(" WARN ") || line.contains(" ERROR "))
                    .forEach(found::add);
        }
        synchronized (julRecords) {
            found.addAll(julRecords);
        }
        return found;
    }

    @Override
    public void close() {
        Logger.getLogger("").removeHandler(julHandler);
        System.setErr(originalErr);
    }
}
