package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import static io.eventhandler.core.engine.operator.RangeBearingEkfTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConcatOperatorTest {

    private final ConcatOperatorFactory factory = new ConcatOperatorFactory();

    @Test
    void shouldJoinInDeclaredOrderWithTheDefaultComma() {
        final Operator cat = factory.create(Map.of(), 3);
        assertEquals("1,2,3.5,x", cat.apply(List.of("1,2", "3.5", "x")).orElseThrow());
        assertTrue(cat.threadSafe());
    }

    @Test
    void shouldUseTheSeparatorVerbatim() {
        assertEquals("a; b", factory.create(Map.of("separator", "; "), 2).apply(List.of("a", "b")).orElseThrow());
        assertEquals("ab", factory.create(Map.of("separator", ""), 2).apply(List.of("a", "b")).orElseThrow());
        assertEquals("only", factory.create(Map.of(), 1).apply(List.of("only")).orElseThrow());
    }

    @Test
    void shouldKeepNumericPayloadsNumeric() {
        final String a = String.join(",", Collections.nCopies(512, "1.0"));
        final String b = String.join(",", Collections.nCopies(512, "2.0"));
        final double[] joined = Samples.parse(factory.create(Map.of(), 2).apply(List.of(a, b)).orElseThrow());
        assertEquals(1024, joined.length);
        assertEquals(1.0, joined[511]);
        assertEquals(2.0, joined[512]);
    }

    @Test
    void shouldRejectNoInputsAndUnknownParameters() {
        assertMessage(() -> factory.create(Map.of(), 0), "at least 1 input");
        assertMessage(() -> factory.create(Map.of("sep", ";"), 2), "unknown parameter(s) [sep]");
    }
}
