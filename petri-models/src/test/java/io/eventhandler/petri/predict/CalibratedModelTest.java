package io.eventhandler.petri.predict;

import io.eventhandler.petri.net.RegimeModel;
import io.eventhandler.petri.net.RegimeModel.Regime;
import io.eventhandler.petri.net.StageDistribution.Erlang;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.net.TransportOffsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Model files: any number of regimes written and read back, and the earlier two-regime format still read. */
class CalibratedModelTest {

    private static final StageModel STAGES = new StageModel(new Erlang(2, 50), new Erlang(3, 100), new Erlang(4, 20));

    @TempDir
    Path dir;

    @Test
    void threeRegimesRoundTrip() throws IOException {
        final RegimeModel model = new RegimeModel(List.of(regime("hot", 0, 0.01), regime("warm", 0.2, 0.02),
                regime("cold", 1.25, 0.03)), RegimeModel.Coupling.QUANTILE);
        final Path file = dir.resolve("model.properties");
        CalibratedModel.write(model, file, "three regimes");

        final RegimeModel read = CalibratedModel.read(file);
        assertEquals(List.of("hot", "warm", "cold"), read.regimes().stream().map(Regime::name).toList());
        assertEquals(List.of(0.0, 0.2, 1.25), read.regimes().stream().map(Regime::fromIdleMs).toList());
        assertEquals(model.regimes().get(2).offsets(), read.regimes().get(2).offsets());
        assertEquals(RegimeModel.Coupling.QUANTILE, read.coupling());
    }

    @Test
    void theEarlierFormatReadsAsWarmAndCold() throws IOException {
        final Path file = dir.resolve("old.properties");
        Files.writeString(file, """
                coupling=quantile
                accept=erlang:2:50
                write=erlang:3:100
                transport=erlang:4:20
                transport.offsets=0.01:0.02
                cooling.ms=1.25
                cold.accept=erlang:2:10
                cold.write=erlang:3:20
                cold.transport=erlang:4:5
                cold.transport.offsets=0.03:0.04
                """);
        final RegimeModel read = CalibratedModel.read(file);
        assertEquals(List.of("warm", "cold"), read.regimes().stream().map(Regime::name).toList());
        assertEquals(1.25, read.regimes().get(1).fromIdleMs());
        assertEquals(10, ((Erlang) read.regimes().get(1).stages().accept()).rate(), 1e-9);
    }

    @Test
    void aFurtherRegimeWithoutItsIdleTimeIsAnError() throws IOException {
        final Path file = dir.resolve("bad.properties");
        Files.writeString(file, "regimes=hot,warm\naccept=erlang:2:50\nwrite=erlang:3:100\ntransport=erlang:4:20\n"
                + "warm.accept=erlang:2:50\nwarm.write=erlang:3:100\nwarm.transport=erlang:4:20\n");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CalibratedModel.read(file));
        assertTrue(e.getMessage().contains("warm.from.idle.ms"), e.getMessage());
    }

    private static Regime regime(final String name, final double fromIdleMs, final double offset) {
        return new Regime(name, STAGES, fromIdleMs, new TransportOffsets(new double[] {offset, 2 * offset}));
    }
}
