package io.eventhandler.benchmarks.flink;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --help} describes every option the command accepts, so the two cannot drift apart. */
class UsageTest {

    @Test
    void theUsageNamesEveryOption() {
        for (final String option : EngineVersusFlink.OPTIONS) {
            assertTrue(EngineVersusFlink.USAGE.contains("--" + option + " "), "--help does not describe --" + option);
        }
    }
}
