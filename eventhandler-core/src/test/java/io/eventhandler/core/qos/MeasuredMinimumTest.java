package io.eventhandler.core.qos;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MeasuredMinimumTest {

    @Test
    void shouldUseTheConfiguredValueUntilMeasuredThenTheSmallestSample() {
        final MeasuredMinimum cloud = new MeasuredMinimum(20_000);
        assertEquals(20_000, cloud.currentMicros());
        assertFalse(cloud.isMeasured());
        cloud.record(44_000);
        cloud.record(20_700);
        cloud.record(-5);
        cloud.record(31_000);
        assertTrue(cloud.isMeasured());
        assertEquals(20_700, cloud.currentMicros());
    }

    @Test
    void shouldKeepTheMinimumUnderConcurrentSamples() throws Exception {
        final MeasuredMinimum m = new MeasuredMinimum(1_000_000);
        final List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            final int offset = t;
            threads.add(new Thread(() -> {
                for (int i = 100_000; i >= 0; i--) {
                    m.record(i * 4L + offset + 7);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (final Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertEquals(7, m.currentMicros());
    }
}
