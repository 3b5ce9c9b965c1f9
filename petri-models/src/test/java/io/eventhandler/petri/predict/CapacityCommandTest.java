package io.eventhandler.petri.predict;

import io.eventhandler.petri.testing.ErlangSamples;
import org.junit.jupiter.api.Tag;
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
import java.util.Arrays;
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
        assertEquals(1000, png.getWidth());
    }

    /**
     * A hot, a warm and a cold calibration run: the model predicts each run's own end-to-end quantiles back (the
     * transport offsets were made for that), each by the regime the net puts its events in.
     */
    @Tag("long") // three fits and predictions: about 2 min
    @Test
    void aThreeRegimeModelReproducesItsCalibrationRuns() throws IOException {
        final Random random = new Random(4);
        // work 0.09 ms every 0.25 ms: idle under 0.5 ms, hot
        final double[] hot = calibrationRun("hot", random, 3, 60, 2, 50, 5, 20);
        // work 0.18 ms every 1 ms: idle 0.82 ms, past the hot 0.5 ms and short of the 2 ms cooling
        final double[] warm = calibrationRun("warm", random, 3, 30, 2, 25, 5, 10);
        final double[] cold = calibrationRun("cold", random, 3, 6, 2, 5, 5, 5);
        final String fitted = run("fit", "--stages", dir.resolve("stages-warm.csv").toString(),
                "--e2e", dir.resolve("e2e-warm.csv").toString(), "--rate", "1000",
                "--hot-stages", dir.resolve("stages-hot.csv").toString(),
                "--hot-e2e", dir.resolve("e2e-hot.csv").toString(), "--hot-rate", "4000", "--hot-idle-ms", "0.5",
                "--cold-stages", dir.resolve("stages-cold.csv").toString(),
                "--cold-e2e", dir.resolve("e2e-cold.csv").toString(), "--cold-rate", "100", "--cooling-ms", "2",
                "--cores", "1", "--workers", "2", "--delivery", "1", "--subscribers", "1", "--arrivals", "periodic",
                "--runs", "1000", "--out", dir.resolve("regimes.properties").toString());
        assertTrue(fitted.contains("hot transport (offsets): Histogram(")
                && fitted.contains("cold transport (offsets): Histogram("), fitted);
        final String model = Files.readString(dir.resolve("regimes.properties"));
        assertTrue(model.contains("coupling=quantile") && model.contains("regimes=hot,warm,cold")
                && model.contains("warm.from.idle.ms=0.5") && model.contains("cold.from.idle.ms=2.0")
                && model.contains("cold.transport.offsets="), model);

        assertQuantilesReproduced(hot, predictAt(4000));
        assertQuantilesReproduced(warm, predictAt(1000));
        assertQuantilesReproduced(cold, predictAt(100));
    }

    /** Several servers' stage exports of one configuration are pooled: the same model as from one file with all. */
    @Test
    void stageFilesOfSeveralServersArePooled() throws IOException {
        calibrationRun("all", new Random(12), 3, 30, 2, 25, 5, 10);
        final List<String> lines = Files.readAllLines(dir.resolve("stages-all.csv"));
        final int half = lines.size() / 2;
        Files.write(dir.resolve("stages-a.csv"), lines.subList(0, half));
        Files.write(dir.resolve("stages-b.csv"), lines.subList(half, lines.size()));
        final String e2e = dir.resolve("e2e-all.csv").toString();

        final String one = run("fit", "--stages", dir.resolve("stages-all.csv").toString(), "--e2e", e2e,
                "--out", dir.resolve("one.properties").toString());
        final String two = run("fit", "--stages", dir.resolve("stages-a.csv") + "," + dir.resolve("stages-b.csv"),
                "--e2e", e2e, "--out", dir.resolve("two.properties").toString());
        final String onlyA = run("fit", "--stages", dir.resolve("stages-a.csv").toString(), "--e2e", e2e,
                "--out", dir.resolve("a.properties").toString());

        assertEquals(withoutOutputPath(one), withoutOutputPath(two));
        assertTrue(two.contains("n=20000"), two);
        assertTrue(onlyA.contains("n=" + (half - 1) / 2), onlyA);
    }

    private static String withoutOutputPath(final String fitOutput) {
        return fitOutput.lines().filter(l -> !l.startsWith("model written to")).toList().toString();
    }

    @Test
    void theProbePrintsOneRowPerGapAndAConclusion() throws IOException {
        final List<String> lines = run("probe", "--gaps", "0.01,0.05,0.1", "--samples", "30").lines().toList();
        assertEquals(5, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("idle_gap_ms"));
        assertTrue(lines.get(3).trim().startsWith("0.10"), lines.get(3));
        assertTrue(lines.get(4).startsWith("cooling time: ") || lines.get(4).startsWith("no cold regime"), lines.get(4));
    }

    @Test
    void theWakeUpProbePrintsOneRowPerGapWithOrderedQuantiles() throws IOException {
        final List<String> lines = run("wakeup", "--gaps", "0.01,0.2", "--samples", "50").lines().toList();
        assertEquals(3, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("idle_gap_ms"));
        for (final String row : lines.subList(1, 3)) {
            final double[] v = Arrays.stream(row.trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
            assertTrue(v[1] > 0 && v[1] <= v[2] && v[2] <= v[3], "a wake-up takes time; p50 <= p90 <= p99: " + row);
        }
        assertTrue(lines.get(2).trim().startsWith("0.20"), lines.get(2));
    }

    private double[] calibrationRun(final String name, final Random random, final int acceptK, final double acceptRate,
                                    final int writeK, final double writeRate, final int transportK,
                                    final double transportRate) throws IOException {
        final StringBuilder stages = new StringBuilder("stage,ms\n");
        final StringBuilder endToEnd = new StringBuilder("latency_ms\n");
        final double[] samples = new double[20_000];
        for (int i = 0; i < samples.length; i++) {
            final double accept = ErlangSamples.one(random, acceptK, acceptRate);
            final double write = ErlangSamples.one(random, writeK, writeRate);
            samples[i] = accept + write + ErlangSamples.one(random, transportK, transportRate);
            stages.append(String.format(Locale.ROOT, "accept,%.6f%nwrite,%.6f%n", accept, write));
            endToEnd.append(String.format(Locale.ROOT, "%.6f%n", samples[i]));
        }
        Files.writeString(dir.resolve("stages-" + name + ".csv"), stages);
        Files.writeString(dir.resolve("e2e-" + name + ".csv"), endToEnd);
        java.util.Arrays.sort(samples);
        return new double[] {samples[samples.length / 2], samples[(int) (samples.length * 0.9)]};
    }

    private double[] predictAt(final int rate) throws IOException {
        final String table = run("predict", "--model", dir.resolve("regimes.properties").toString(), "--cores", "1",
                "--workers", "2", "--delivery", "1", "--rate", Integer.toString(rate), "--subscribers", "1",
                "--arrivals", "periodic", "--runs", "1000");
        final String[] row = table.lines().skip(1).findFirst().orElseThrow().trim().split("\\s+");
        return new double[] {Double.parseDouble(row[1]), Double.parseDouble(row[2])};
    }

    /**
     * Within 6 %: the prediction's own simulation (1,000 runs, unseeded) moves a p90 by about ±5 % from one run to
     * the next (4 % failed one CI run in three); 4,000 runs would narrow it at five times the test's time.
     */
    private static void assertQuantilesReproduced(final double[] measured, final double[] predicted) {
        assertEquals(measured[0], predicted[0], 0.06 * measured[0], "p50");
        assertEquals(measured[1], predicted[1], 0.06 * measured[1], "p90");
    }

    private String run(final String... args) throws IOException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new CapacityCommand(new PrintStream(bytes, true, StandardCharsets.UTF_8)).run(CommandLine.parse(args));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
