package io.eventhandler.petri.predict;

import io.eventhandler.petri.testing.ErlangSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command from calibration files to a model file, then to a table, a CSV and a PNG. */
class CapacityCommandTest {

    @TempDir
    Path dir;

    @Test
    void fitsThenPredictsAndRecommends() throws IOException {
        final Random random = new Random(9);
        final StringBuilder stages = new StringBuilder("stage,ms\n");
        final StringBuilder endToEnd = new StringBuilder("latency_ms\n");
        for (int i = 0; i < 3000; i++) {
            final double accept = ErlangSamples.one(random, 3, 30);
            final double write = ErlangSamples.one(random, 2, 25);
            stages.append(String.format(Locale.ROOT, "accept,%.5f%nwrite,%.5f%n", accept, write));
            endToEnd.append(String.format(Locale.ROOT, "%.5f%n", accept + write + ErlangSamples.one(random, 5, 10)));
        }
        Files.writeString(dir.resolve("stages.csv"), stages);
        Files.writeString(dir.resolve("e2e.csv"), endToEnd);

        final String fitted = run("fit", "--stages", dir.resolve("stages.csv").toString(), "--e2e",
                dir.resolve("e2e.csv").toString(), "--out", dir.resolve("model.properties").toString());
        assertTrue(fitted.contains("accept: Erlang(k=3"), fitted);
        assertTrue(fitted.contains("write: Erlang(k=2"), fitted);
        final String model = Files.readString(dir.resolve("model.properties"));
        assertTrue(model.contains("accept=erlang:3:"), model);

        final String table = run("predict", "--model", dir.resolve("model.properties").toString(), "--cores", "1",
                "--workers", "4", "--delivery", "1,2", "--rate", "2000", "--subscribers", "2", "--runs", "200",
                "--csv", dir.resolve("cdf.csv").toString(), "--png", dir.resolve("cdf.png").toString());
        assertTrue(table.contains("recommended delivery threads:"), table);
        final List<String> csv = Files.readAllLines(dir.resolve("cdf.csv"));
        assertEquals("latency_ms,cdf", csv.get(0));
        double previous = 0;
        for (final String row : csv.subList(1, csv.size())) {
            final double value = Double.parseDouble(row.split(",")[1]);
            assertTrue(value >= previous - 1e-9, "a CDF never falls: " + row);
            previous = value;
        }
        final BufferedImage png = ImageIO.read(dir.resolve("cdf.png").toFile());
        assertNotNull(png);
        assertEquals(800, png.getWidth());
    }

    private String run(final String... args) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CapacityCommand(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(CommandLine.parse(args));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
