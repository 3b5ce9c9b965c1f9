package io.eventhandler.core.qos;

import org.junit.jupiter.api.Test;

import java.util.OptionalInt;

import static io.eventhandler.core.qos.PaperTopics.CATEGORIES;
import static io.eventhandler.core.qos.PaperTopics.MS;
import static io.eventhandler.core.qos.PaperTopics.qos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admission test on the paper's Table 3.2 categories with its Δ values (§3.3.4), against the deadline table
 * derived by hand in the reference notes (§2.5 there), plus refusals and their reasons.
 */
class AdmissionTest {

    private static AdmissionResult paper(final int category) {
        return Admission.evaluate(CATEGORIES.get(category), LatencyBounds.PAPER_EXAMPLE);
    }

    @Test
    void shouldGiveTheDerivedDeadlinesOfEveryCategory() {
        // (N+L)·T − 0.05 − 50 and D − Δ_BS, in µs, from the hand-derived table
        final long[] replication = {49_950, 99_950, 49_950, 249_950, Micros.INFINITE, 449_950};
        final long[] dispatch = {49_000, 49_000, 99_000, 99_000, 99_000, 480_000};
        for (int c = 0; c < CATEGORIES.size(); c++) {
            final AdmissionResult r = paper(c);
            assertTrue(r.admitted(), "category " + c + ": " + r.reason());
            assertEquals(replication[c], r.pseudoReplicationDeadlineMicros(), "D^r' of category " + c);
            assertEquals(dispatch[c], r.pseudoDispatchDeadlineMicros(), "D^d' of category " + c);
            assertEquals(replication[c], r.replicationDeadlineMicros(), "Δ_PB = 0, so D^r = D^r'");
            assertEquals(dispatch[c], r.dispatchDeadlineMicros(), "Δ_PB = 0, so D^d = D^d'");
        }
    }

    @Test
    void shouldReplicateOnlyCategoriesTwoAndFive() {
        for (int c = 0; c < CATEGORIES.size(); c++) {
            assertEquals(c == 2 || c == 5, paper(c).replicationNeeded(), "category " + c);
        }
    }

    @Test
    void shouldNeedNoReplicationWithFramePlusRetention() {
        for (final int c : new int[] {2, 5}) {
            final TopicQos plus = CATEGORIES.get(c).withRetention(CATEGORIES.get(c).retention() + 1);
            final AdmissionResult r = Admission.evaluate(plus, LatencyBounds.PAPER_EXAMPLE);
            assertTrue(r.admitted());
            assertFalse(r.replicationNeeded(), "category " + c + " with N + 1");
            assertTrue(r.dispatchDeadlineMicros() < r.replicationDeadlineMicros());
        }
        assertEquals(149_950, Admission.evaluate(CATEGORIES.get(2).withRetention(2), LatencyBounds.PAPER_EXAMPLE)
                .replicationDeadlineMicros());
        assertEquals(949_950, Admission.evaluate(CATEGORIES.get(5).withRetention(2), LatencyBounds.PAPER_EXAMPLE)
                .replicationDeadlineMicros());
    }

    @Test
    void shouldOrderTheDeadlinesAsTheTextStates() {
        // D0d = D1d < D0r = D2r < D2d = D3d = D4d < D1r < D3r < D5r < D5d
        assertEquals(paper(0).dispatchDeadlineMicros(), paper(1).dispatchDeadlineMicros());
        assertTrue(paper(1).dispatchDeadlineMicros() < paper(0).replicationDeadlineMicros());
        assertEquals(paper(0).replicationDeadlineMicros(), paper(2).replicationDeadlineMicros());
        assertTrue(paper(2).replicationDeadlineMicros() < paper(2).dispatchDeadlineMicros());
        assertEquals(paper(2).dispatchDeadlineMicros(), paper(3).dispatchDeadlineMicros());
        assertEquals(paper(3).dispatchDeadlineMicros(), paper(4).dispatchDeadlineMicros());
        assertTrue(paper(4).dispatchDeadlineMicros() < paper(1).replicationDeadlineMicros());
        assertTrue(paper(1).replicationDeadlineMicros() < paper(3).replicationDeadlineMicros());
        assertTrue(paper(3).replicationDeadlineMicros() < paper(5).replicationDeadlineMicros());
        assertTrue(paper(5).replicationDeadlineMicros() < paper(5).dispatchDeadlineMicros());
    }

    @Test
    void shouldReportTheTablesMinimumRetentionColumn() {
        for (int c = 0; c < CATEGORIES.size(); c++) {
            assertEquals(OptionalInt.of(CATEGORIES.get(c).retention()), paper(c).smallestAdmittingRetention(),
                    "category " + c);
        }
    }

    @Test
    void shouldRefuseCategoryZeroWithOneRetainedMessageAndNameTheSmallestN() {
        final AdmissionResult r = Admission.evaluate(CATEGORIES.get(0).withRetention(1), LatencyBounds.PAPER_EXAMPLE);
        assertFalse(r.admitted());
        assertEquals(-50, r.replicationDeadlineMicros());
        assertEquals(OptionalInt.of(2), r.smallestAdmittingRetention());
        assertTrue(r.reason().contains("D^r = (N+L)·T − Δ_PB − Δ_BB − x"), r.reason());
        assertTrue(r.reason().contains("(1+0)·50 ms − 0 ms − 0.05 ms − 50 ms = -0.05 ms < 0"), r.reason());
        assertTrue(r.reason().endsWith("the smallest retention N that admits it is 2"), r.reason());
        final AdmissionRefusedException e = assertThrows(AdmissionRefusedException.class, () -> r.orThrow("alarm"));
        assertTrue(e.getMessage().startsWith("topic alarm refused: replication deadline"), e.getMessage());
    }

    @Test
    void shouldRefuseANegativeDispatchDeadlineWhateverTheRetention() {
        final AdmissionResult boundary = Admission.evaluate(qos(50, 20, LossTolerance.of(0), 2, Destination.CLOUD),
                LatencyBounds.PAPER_EXAMPLE);
        assertTrue(boundary.admitted(), "D^d = 20 − 0 − 20 = 0 is admissible: " + boundary.reason());
        final AdmissionResult tighter = Admission.evaluate(qos(50, 19, LossTolerance.of(0), 5, Destination.CLOUD),
                LatencyBounds.PAPER_EXAMPLE);
        assertFalse(tighter.admitted());
        assertTrue(tighter.reason().contains("D^d = D − Δ_PB − Δ_BS = 19 ms − 0 ms − 20 ms = -1 ms < 0"),
                tighter.reason());
        assertTrue(tighter.reason().endsWith("no retention N admits it"), tighter.reason());
        assertEquals(OptionalInt.empty(), tighter.smallestAdmittingRetention());
    }

    @Test
    void shouldRefuseZeroLossToleranceWithoutRetentionEvenWithZeroLatencies() {
        final LatencyBounds none = new LatencyBounds(0, 0, 0, 0, 0);
        final AdmissionResult r = Admission.evaluate(qos(10, 10, LossTolerance.of(0), 0, Destination.EDGE), none);
        assertEquals(0, r.replicationDeadlineMicros(), "Lemma 1 alone would admit it");
        assertFalse(r.admitted());
        assertTrue(r.reason().contains("needs publisher retention N ≥ 1"), r.reason());
        assertEquals(OptionalInt.of(1), r.smallestAdmittingRetention());
    }

    @Test
    void shouldLetDeltaPbShiftTheDeadlinesButNotTheReplicationDecision() {
        final LatencyBounds withPb = new LatencyBounds(500, 1_000, 20_000, 50, 50_000);
        for (int c = 0; c < CATEGORIES.size(); c++) {
            final AdmissionResult r = Admission.evaluate(CATEGORIES.get(c), withPb);
            assertEquals(paper(c).replicationNeeded(), r.replicationNeeded(), "category " + c);
            assertEquals(paper(c).dispatchDeadlineMicros() - 500, r.dispatchDeadlineMicros());
            assertEquals(paper(c).pseudoDispatchDeadlineMicros(), r.pseudoDispatchDeadlineMicros());
        }
    }

    @Test
    void shouldUseAPerSubscriberBrokerToSubscriberLatency() {
        final TopicQos logging = CATEGORIES.get(5);
        final AdmissionResult slowCloud = Admission.evaluate(logging, LatencyBounds.PAPER_EXAMPLE, 60_000);
        assertEquals(440_000, slowCloud.dispatchDeadlineMicros());
        assertFalse(slowCloud.replicationNeeded(), "440 ms ≤ 449.95 ms: dispatch in time makes replication moot");
    }

    @Test
    void shouldAdmitRareTopicsWithAnInfinitePeriodOnlyWithRetention() {
        final TopicQos rare = new TopicQos(Micros.INFINITE, 10 * MS, LossTolerance.of(0), 0, Destination.EDGE, 9);
        final AdmissionResult without = Admission.evaluate(rare, LatencyBounds.PAPER_EXAMPLE);
        assertFalse(without.admitted());
        assertEquals(OptionalInt.of(1), without.smallestAdmittingRetention());
        final AdmissionResult with = Admission.evaluate(rare.withRetention(1), LatencyBounds.PAPER_EXAMPLE);
        assertTrue(with.admitted(), with.reason());
        assertEquals(Micros.INFINITE, with.replicationDeadlineMicros());
        assertFalse(with.replicationNeeded());
    }
}
