package io.eventhandler.core.qos;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Validation, strictest-wins merge and the loss tolerance order. */
class TopicQosTest {

    private static final TopicQos MONITORING = PaperTopics.category(3);

    @Test
    void shouldListEveryProblemOfAnInvalidQos() {
        final InvalidQosException e = assertThrows(InvalidQosException.class,
                () -> new TopicQos(0, -1, null, -2, Destination.EDGE, -3));
        assertEquals(5, e.problems().size(), e.problems().toString());
        assertTrue(e.getMessage().contains("period T must be > 0 µs, was 0"), e.getMessage());
        assertTrue(e.getMessage().contains("publisher retention N must be ≥ 0, was -2"), e.getMessage());
        assertThrows(InvalidQosException.class, () -> new LatencyBounds(0, -1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> LossTolerance.of(-1));
    }

    @Test
    void shouldTakeTheStrictestDeadlineAndLossTolerance() {
        final TopicQos effective = MONITORING.tightenedBy(List.of(
                QosRequest.deadline(50_000),
                QosRequest.lossTolerance(LossTolerance.of(1)),
                QosRequest.lossTolerance(LossTolerance.of(2)),
                QosRequest.NONE));
        assertEquals(50_000, effective.deadlineMicros());
        assertEquals(LossTolerance.of(1), effective.lossTolerance());
        assertEquals(MONITORING.periodMicros(), effective.periodMicros());
        assertEquals(MONITORING.retention(), effective.retention());
    }

    @Test
    void shouldNeverLoosenTheConfiguredQos() {
        final TopicQos effective = MONITORING.tightenedBy(List.of(
                new QosRequest(900_000, LossTolerance.BEST_EFFORT), QosRequest.lossTolerance(LossTolerance.of(7))));
        assertEquals(MONITORING, effective);
        assertEquals(MONITORING, MONITORING.tightenedBy(List.of()));
    }

    @Test
    void shouldReAdmitTheTightenedQos() {
        final TopicQos zeroLoss = MONITORING.tightenedBy(List.of(QosRequest.lossTolerance(LossTolerance.of(0))));
        final AdmissionResult r = Admission.evaluate(zeroLoss, LatencyBounds.PAPER_EXAMPLE);
        assertFalse(r.admitted(), "L = 0 with N = 0 loses a message on a crash");
        assertEquals(1, r.smallestAdmittingRetention().getAsInt());
    }

    @Test
    void shouldOrderBestEffortAsTheLoosest() {
        assertEquals(LossTolerance.of(5), LossTolerance.strictest(LossTolerance.BEST_EFFORT, LossTolerance.of(5)));
        assertEquals(LossTolerance.of(0), LossTolerance.strictest(LossTolerance.of(0), LossTolerance.of(5)));
        assertTrue(LossTolerance.BEST_EFFORT.isBestEffort());
        assertThrows(IllegalStateException.class, LossTolerance.BEST_EFFORT::value);
        assertEquals("best effort", LossTolerance.BEST_EFFORT.toString());
    }
}
