package io.eventhandler.benchmarks.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScaleOptionsTest {

    @Test
    void fanOutDefaultsAndLists() {
        final ScaleOptions o = ScaleOptions.parse(new String[] {"--scenario", "fanout", "--rates", "10, 100",
            "--duration", "1.5s", "--server-pid", "42"});
        assertEquals(ScaleOptions.Scenario.FANOUT, o.scenario());
        assertEquals(List.of(1000, 5000, 10000), o.subscribers());
        assertEquals(List.of(10, 100), o.rates());
        assertEquals(Duration.ofMillis(1500), o.duration());
        assertEquals(42, o.serverPid());
        assertEquals("http://127.0.0.1:8455", o.baseUri().toString());
    }

    @Test
    void stormHasItsOwnDefaults() {
        final ScaleOptions o = ScaleOptions.parse(new String[] {"--scenario", "STORM", "--storm-spread", "500ms"});
        assertEquals(List.of(10000), o.subscribers());
        assertEquals(10, o.rate());
        assertEquals(Duration.ofSeconds(10), o.duration());
        assertEquals(Duration.ofMillis(500), o.stormSpread());
    }

    @Test
    void rejectsWhatItCannotUse() {
        assertThrows(IllegalArgumentException.class, () -> ScaleOptions.parse(new String[] {"--rates", "10"}));
        assertThrows(IllegalArgumentException.class,
                () -> ScaleOptions.parse(new String[] {"--scenario", "fanout", "--subscriber", "10"}));
        assertThrows(IllegalArgumentException.class,
                () -> ScaleOptions.parse(new String[] {"--scenario", "fanout", "--rates", "10,0"}));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ScaleOptions.parse(new String[] {"--scenario", "topics", "--duration", "20"}));
        assertTrue(e.getMessage().contains("--duration"));
        assertThrows(IllegalArgumentException.class, () -> ScaleOptions.parse(new String[] {"--scenario", "x"}));
    }
}
