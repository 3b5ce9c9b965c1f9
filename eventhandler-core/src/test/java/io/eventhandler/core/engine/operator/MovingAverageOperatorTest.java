package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.eventhandler.core.engine.operator.RangeBearingEkfTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class MovingAverageOperatorTest {

    private final MovingAverageOperatorFactory factory = new MovingAverageOperatorFactory();

    @Test
    void shouldAverageTheLastWindowAlways() {
        final Operator average = factory.create(Map.of("window", "3"), 1);
        assertFalse(average.threadSafe());
        // by hand: 1 → 1; 1,2 → 1.5; 1,2,3 → 2; 2,3,4 → 3; 3,4,5 → 4; 4,5,-9 → 0
        final String[] in = {"1", "2", "3,99", "4", "5", "-9"};
        final double[] expected = {1, 1.5, 2, 3, 4, 0};
        for (int i = 0; i < in.length; i++) {
            assertEquals(expected[i], Double.parseDouble(average.apply(List.of(in[i])).orElseThrow()), 1e-15,
                    "after " + in[i]);
        }
    }

    @Test
    void shouldWaitForAFullWindowWhenAsked() {
        final Operator average = factory.create(Map.of("window", "2", "emit", "full"), 1);
        assertEquals(Optional.empty(), average.apply(List.of("10")));
        assertEquals("15.0", average.apply(List.of("20")).orElseThrow());
        assertEquals("25.0", average.apply(List.of("30")).orElseThrow());
    }

    @Test
    void shouldNotDriftOverManyLaps() {
        final Operator average = factory.create(Map.of("window", "4"), 1);
        String last = null;
        for (int i = 0; i < 100_000; i++) {
            // a huge value passes through and leaves: a plain running sum would keep its rounding error
            last = average.apply(List.of(i % 1000 == 0 ? "1e17" : "0.1")).orElseThrow();
        }
        assertEquals(0.1, Double.parseDouble(last), 1e-15);
    }

    @Test
    void shouldNameTheBadParameter() {
        assertMessage(() -> factory.create(Map.of(), 1), "'window' is required");
        assertMessage(() -> factory.create(Map.of("window", "0"), 1), "'window' must be >= 1");
        // found by the server's fuzz tests: the window is allocated when the graph loads
        assertMessage(() -> factory.create(Map.of("window", "2147483647"), 1),
                "'window' must be at most 10000, got 2147483647");
        assertEquals("10000.0", factory.create(Map.of("window", "10000"), 1).apply(List.of("10000")).orElseThrow());
        assertMessage(() -> factory.create(Map.of("window", "2", "emit", "sometimes"), 1),
                "'emit' must be 'always' or 'full'");
        assertMessage(() -> factory.create(Map.of("window", "2"), 3), "takes 1 input");
    }
}
