package io.eventhandler.petri.capacity;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CapacityModelFileTest {

    @Test
    void aModelReadsBackAsWritten(@TempDir final Path dir) throws IOException {
        final CapacityModel model = TestModels.calibrated(16_000, 30, 20);
        final Path file = dir.resolve("m.model");
        CapacityModelFile.write(model, file);
        final CapacityModel read = CapacityModelFile.read(file);
        assertEquals(model.pools(), read.pools());
        assertEquals(model.load(), read.load());
        assertEquals(model.saturation(), read.saturation(), 1e-3);
        final RateStep written = model.servers().get(0).steps().get(2);
        final RateStep back = read.servers().get(0).steps().get(2);
        assertArrayEquals(written.quantiles(), back.quantiles(), 1e-5);
        assertEquals(written.workerRunMicros(), back.workerRunMicros(), 1e-6);
        assertEquals(written.deliveryHoldMicros(), back.deliveryHoldMicros(), 1e-6);
    }

    @Test
    void anUnknownKeyIsRefusedByName(@TempDir final Path dir) throws IOException {
        final Path file = dir.resolve("m.model");
        CapacityModelFile.write(TestModels.calibrated(16_000, 30, 20), file);
        Files.writeString(file, "pools.typo=3\n", java.nio.file.StandardOpenOption.APPEND);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CapacityModelFile.read(file));
        assertTrue(e.getMessage().contains("pools.typo"), e.getMessage());
    }
}
