package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityModelFile;
import io.eventhandler.petri.capacity.TestModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CapacityToolTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args) {
        return new CapacityTool(Commands.all(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyCommandHasHelpWithItsOptions() {
        assertEquals(0, run("--help"));
        for (final Command command : Commands.all()) {
            out.reset();
            assertEquals(0, run(command.name(), "--help"), command.name());
            assertTrue(out().startsWith("usage: java -jar eventhandler-capacity.jar " + command.name()), out());
            for (final Option option : command.options()) {
                assertTrue(out().contains("--" + option.name()), command.name() + " --" + option.name());
            }
        }
    }

    @Test
    void aBadCommandLineIsAUsageErrorThatSaysWhatToDo() {
        assertEquals(2, run("predict", "--modle", "x"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown option --modle for 'predict'"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("predict --help"));
        err.reset();
        assertEquals(2, run("forecast"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown command 'forecast'"));
        err.reset();
        assertEquals(2, run("predict"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("needs --model"));
    }

    @Test
    void predictAnswersInCapacityTermsAndPlots(@TempDir final Path dir) throws IOException {
        final Path model = dir.resolve("device.model");
        CapacityModelFile.write(TestModels.calibrated(16_000, 30, 20), model);
        final Path plot = dir.resolve("p99.png");
        final Path cdf = dir.resolve("cdf.png");
        assertEquals(0, run("predict", "--model", model.toString(), "--pools", "1x1,2x2,4x4", "--p99-under", "1ms",
                "--plot", plot.toString(), "--cdf", cdf.toString()), err.toString(StandardCharsets.UTF_8));
        final String answer = out();
        assertTrue(answer.contains("highest rate with p99 < 1 ms"), answer);
        assertTrue(answer.contains("recommended: "), answer);
        assertTrue(answer.contains("where the model is weak:"), answer);
        assertTrue(answer.contains("saturation/s (interval)"), answer);
        assertTrue(Files.size(plot) > 1000 && Files.size(cdf) > 1000, "both plots written");
    }
}
