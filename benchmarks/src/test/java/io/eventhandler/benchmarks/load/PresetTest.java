package io.eventhandler.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PresetTest {

    @Test
    void shouldMatchTheThesisScenarios() {
        assertShape(Preset.A, 1, 1, 2000);
        assertShape(Preset.B1, 1, 1, 9000);
        assertShape(Preset.B, 1, 6, 9000);
        assertShape(Preset.C, 10, 10, 1000);
    }

    @Test
    void shouldParseNamesInAnyCase() {
        assertEquals(Preset.A, Preset.parse("a"));
        assertEquals(Preset.B, Preset.parse("B"));
        assertEquals(Preset.B, Preset.parse("b2"));
        assertEquals(Preset.B1, Preset.parse(" b1 "));
        assertEquals(Preset.C, Preset.parse("C"));
        assertThrows(UsageException.class, () -> Preset.parse("D"));
    }

    @Test
    void shouldPublishBackToBackOnOneTopic() {
        for (final Preset preset : Preset.values()) {
            final LoadOptions options = OptionsParser.parse("--preset", preset.name());
            assertEquals(1, options.topics());
            assertEquals(false, options.paced());
            assertEquals(preset.eventsPerPublisher(), options.eventsPerPublisher());
        }
    }

    private static void assertShape(final Preset preset, final int publishers, final int subscribers,
                                    final long events) {
        assertEquals(publishers, preset.publishers(), preset + " publishers");
        assertEquals(subscribers, preset.subscribers(), preset + " subscribers");
        assertEquals(events, preset.eventsPerPublisher(), preset + " events");
    }
}
