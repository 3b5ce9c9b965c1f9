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

    @Test
    void shouldAgreeWithParseDoubleOnBothPaths() {
        // the fast path (<= 15 digits, |power| <= 22) and the fallback against the JDK's reader, bit for bit
        final SplittableRandom random = new SplittableRandom(11);
        final String[] fixed = {"0", "-0", "0.0", "-0.000", "1", "255", "1.50", "-3e-2", "123456789012345",
                "1234567890123456", "0.1", "0.3", "9007199254740993", "1e22", "1e23", "1e-22", "1e-23", "4.9e-324",
                "2.2250738585072014E-308", "1.7976931348623157e308", "000123.4500", ".000001", "5.", "1E+3",
                "0.00000000000000000000000000001", "12345.678901234567890123"};
        for (String text : fixed) {
            assertSameDouble(text);
        }
        for (int i = 0; i < 20_000; i++) {
            final int digits = 1 + random.nextInt(19);
            final StringBuilder text = new StringBuilder(random.nextBoolean() ? "-" : "");
            final int point = random.nextInt(digits + 1);
            for (int d = 0; d < digits; d++) {
                if (d == point) {
                    text.append('.');
                }
                text.append((char) ('0' + random.nextInt(10)));
            }
            if (random.nextInt(3) == 0) {
                text.append('e').append(random.nextInt(-40, 41));
            }
            assertSameDouble(text.toString());
        }
    }

    private static void assertSameDouble(final String text) {
        assertEquals(Double.doubleToLongBits(Double.parseDouble(text)), Double.doubleToLongBits(Samples.parse(text)[0]),
                text);
    }

    private static void assertMessage(final String payload, final String expected) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Samples.parse(payload),
                () -> "'" + payload + "' should be rejected");
        assertTrue(e.getMessage().contains(expected), () -> "message '" + e.getMessage() + "' lacks '" + expected
                + "'");
    }
}
