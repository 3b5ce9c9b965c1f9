package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SamplesTest {

    @Test
    void shouldReadCommaSeparatedDecimals() {
        assertArrayEquals(new double[] {1.5, 2, -0.03}, Samples.parse("1.5,2,-3e-2"));
        assertArrayEquals(new double[] {0.5, 5, 1, 1000, -0.0}, Samples.parse(".5,5.,+1,1E+3,-0"));
        assertArrayEquals(new double[] {42}, Samples.parse("42"));
    }

    @Test
    void shouldRejectWhatIsNotAFiniteDecimal() {
        assertMessage("", "payload is empty");
        assertMessage(null, "payload is empty");
        assertMessage("1,,2", "sample 1 is empty");
        assertMessage("1,", "sample 1 is empty");
        assertMessage(",1", "sample 0 is empty");
        assertMessage("1,abc", "sample 1 'abc' is not a decimal number");
        for (String bad : new String[] {"NaN", "Infinity", "-Infinity", "0x1p3", "1d", "2f", " 1", "1 ", "1e", ".",
                "-", "1e+", "1.2.3", "--1", "1_000"}) {
            assertMessage("0," + bad, "sample 1");
        }
        assertMessage("1e999", "too large");
    }

    @Test
    void shouldReadOneSampleByIndex() {
        assertEquals(-3, Samples.sample("1,2,-3,4", 2));
        assertEquals(1, Samples.sample("1,not-read", 0), "later samples are not read");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Samples.sample("1,2", 5));
        assertEquals("payload has 2 samples, sample 5 was asked for", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Samples.sample("1,x", 1));
    }

    @Test
    void shouldCountSamples() {
        assertEquals(3, Samples.count("1,2,3"));
        assertEquals(1, Samples.count("7"));
    }

    @Test
    void shouldWriteDoubleToStringDigits() {
        assertEquals("1.0,-0.03,1.0E-5,2048.0", Samples.format(new double[] {1, -0.03, 1e-5, 2048}));
        assertEquals("1.0,2.0", Samples.format(new double[] {1, 2, 3}, 2));
        assertEquals("0.5", Samples.format(0.5));
        assertThrows(IllegalArgumentException.class, () -> Samples.format(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> Samples.format(new double[] {1, Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> Samples.format(Double.POSITIVE_INFINITY));
    }

    @Test
    void shouldRoundTripExactly() {
        final SplittableRandom random = new SplittableRandom(7);
        final double[] values = new double[2048];
        for (int i = 0; i < values.length; i++) {
            // raw bit patterns cover subnormals and extreme exponents; skip the non-finite ones
            double v;
            do {
                v = Double.longBitsToDouble(random.nextLong());
            } while (!Double.isFinite(v));
            values[i] = i % 2 == 0 ? v : random.nextDouble(-1e3, 1e3);
        }
        final double[] back = Samples.parse(Samples.format(values));
        for (int i = 0; i < values.length; i++) {
            assertEquals(Double.doubleToLongBits(values[i]), Double.doubleToLongBits(back[i]), "sample " + i);
        }
    }

    private static void assertMessage(final String payload, final String expected) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Samples.parse(payload),
                () -> "'" + payload + "' should be rejected");
        assertTrue(e.getMessage().contains(expected), () -> "message '" + e.getMessage() + "' lacks '" + expected
                + "'");
    }
}
