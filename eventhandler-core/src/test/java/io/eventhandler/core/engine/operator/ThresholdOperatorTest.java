package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.eventhandler.core.engine.operator.RangeBearingEkfTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThresholdOperatorTest {

    private final ThresholdOperatorFactory factory = new ThresholdOperatorFactory();

    @Test
    void shouldCompareTheFirstSampleByEachOperator() {
        // {op, passes 4.9, passes 5, passes 5.1} for value 5
        final Object[][] table = {
                {">", false, false, true},
                {">=", false, true, true},
                {"<", true, false, false},
                {"<=", true, true, false}};
        for (Object[] row : table) {
            final Operator threshold = factory.create(Map.of("op", (String) row[0], "value", "5"), 1);
            assertEquals(row[1], threshold.apply(List.of("4.9,100")).isPresent(), row[0] + " 4.9");
            assertEquals(row[2], threshold.apply(List.of("5,100")).isPresent(), row[0] + " 5");
            assertEquals(row[3], threshold.apply(List.of("5.1,-100")).isPresent(), row[0] + " 5.1");
        }
    }

    @Test
    void shouldPassThePayloadUnchangedAndReadTheIndexedSample() {
        final Operator threshold = factory.create(Map.of("op", ">=", "value", "-1e-3", "index", "2"), 1);
        final String payload = "-5,-5,0.0,-5";
        final Optional<String> out = threshold.apply(List.of(payload));
        assertSame(payload, out.orElseThrow(), "the same text, not a re-formatting");
        assertEquals(Optional.empty(), threshold.apply(List.of("9,9,-0.5")));
        assertMessage(() -> threshold.apply(List.of("1,2")), "sample 2 was asked for");
        assertTrue(threshold.threadSafe());
    }

    @Test
    void shouldNameTheBadParameter() {
        assertMessage(() -> factory.create(Map.of("value", "1"), 1), "'op' is required");
        assertMessage(() -> factory.create(Map.of("op", "==", "value", "1"), 1), "'op' must be one of");
        assertMessage(() -> factory.create(Map.of("op", ">"), 1), "'value' is required");
        assertMessage(() -> factory.create(Map.of("op", ">", "value", "NaN"), 1), "'value' must be a decimal");
        assertMessage(() -> factory.create(Map.of("op", ">", "value", "1", "index", "-1"), 1), "'index' must be >= 0");
        assertMessage(() -> factory.create(Map.of("op", ">", "value", "1", "index", "one"), 1),
                "'index' must be an integer");
        assertThrows(IllegalArgumentException.class, () -> factory.create(Map.of("op", ">", "value", "1"), 2));
    }
}
