package io.eventhandler.core.delivery;

import io.eventhandler.core.delivery.edf.JobDeadlines;
import io.eventhandler.core.delivery.experimental.DeliveryBaselines;
import io.eventhandler.core.qos.AdmissionRefusedException;
import io.eventhandler.core.qos.Destination;
import io.eventhandler.core.qos.LatencyBounds;
import io.eventhandler.core.qos.LossTolerance;
import io.eventhandler.core.qos.Micros;
import io.eventhandler.core.qos.QosRequest;
import io.eventhandler.core.qos.TopicQos;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalInt;

import static io.eventhandler.core.qos.PaperTopics.MS;
import static io.eventhandler.core.qos.PaperTopics.category;
import static io.eventhandler.core.qos.PaperTopics.qos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configured QoS, the default, subscribers' stricter requests and re-admission. */
class TopicPlansTest {

    private static final TopicQos DEFAULT =
            new TopicQos(Micros.INFINITE, 1_000 * MS, LossTolerance.BEST_EFFORT, 0, Destination.EDGE, 0);

    private final TopicPlans plans = new TopicPlans(LatencyBounds.PAPER_EXAMPLE, DEFAULT);

    @Test
    void aTopicWithoutQosUsesTheDefaultPlan() {
        assertSame(plans.defaultPlan(), plans.plan("ANY"));
        assertEquals(DEFAULT, plans.plan("ANY").effective());
        assertFalse(plans.plan("ANY").generator().replicates());
        assertEquals(List.of(), plans.plans());
    }

    @Test
    void topicsWhoseCopiesAreKeptReplicateWhateverPropositionOneSaysAndNoOtherDoes() {
        final TopicPlans kept = new TopicPlans(LatencyBounds.PAPER_EXAMPLE, DEFAULT,
                DeliveryBaselines.NONE,
                (topic, destination) -> topic.startsWith("EXPORTED") || destination == Destination.CLOUD);
        assertFalse(plans.configure("EXPORTED0", category(0)).generator().replicates(),
                "category 0 needs no replication under Proposition 1");
        assertTrue(kept.configure("EXPORTED0", category(0)).generator().replicates());
        assertTrue(kept.configure("CLOUD3", qos(100, 100, LossTolerance.of(3), 0, Destination.CLOUD)).generator().replicates());
        assertFalse(kept.configure("EDGE3", category(3)).generator().replicates());

        final TopicPlan bestEffort = kept.plan("EXPORTED.ANY");
        assertTrue(bestEffort.generator().replicates(), "a kept best-effort topic without QoS replicates too");
        assertSame(bestEffort, kept.plan("EXPORTED.ANY"));
        final JobDeadlines deadlines = bestEffort.generator().deadlines(0, 0);
        assertEquals(deadlines.dispatchDeadlineMicros(), deadlines.replicationDeadlineMicros(),
                "a copy Proposition 1 does not need is due with the dispatch");
        assertSame(kept.defaultPlan(), kept.plan("OTHER"));
        assertFalse(kept.defaultPlan().generator().replicates());
        assertEquals(List.of("CLOUD3", "EDGE3", "EXPORTED0"), kept.plans().stream().map(TopicPlan::topic).toList());
    }

    @Test
    void anAdmittedTopicGetsItsPlanAndARefusedOneKeepsNone() {
        final TopicPlan cat2 = plans.configure("cat2", category(2));
        assertTrue(cat2.generator().replicates(), "category 2 needs replication (Proposition 1)");
        assertEquals((100 - 1) * MS, cat2.dispatchBudgetMicros());
        final AdmissionRefusedException refused = assertThrows(AdmissionRefusedException.class,
                () -> plans.configure("cat0", category(0).withRetention(1)));
        assertEquals(OptionalInt.of(2), refused.result().smallestAdmittingRetention());
        assertSame(plans.defaultPlan(), plans.plan("CAT0"));
        assertEquals(List.of("CAT2"), plans.plans().stream().map(TopicPlan::topic).toList());
        assertTrue(plans.remove("Cat2"));
        assertFalse(plans.remove("cat2"));
        assertSame(plans.defaultPlan(), plans.plan("CAT2"));
    }

    @Test
    void theStrictestRequestTightensTheTopicAndWithdrawingItLoosensItBack() {
        plans.configure("cat3", category(3));
        plans.requested("CAT3", new QosRequest(80 * MS, LossTolerance.of(1)));
        final TopicPlan tightened = plans.plan("CAT3");
        assertEquals(80 * MS, tightened.effective().deadlineMicros());
        assertEquals(LossTolerance.of(1), tightened.effective().lossTolerance());
        assertEquals(category(3), tightened.configured());
        plans.requested("CAT3", QosRequest.NONE);
        assertEquals(category(3), plans.plan("CAT3").effective());
    }

    @Test
    void aRequestIsTestedBeforeItIsMadeAndAnInadmissibleOneLeavesThePlan() {
        plans.configure("cat1", category(1)); // L = 3, N = 0 at T = 50 ms
        final QosRequest zeroLoss = QosRequest.lossTolerance(LossTolerance.of(0));
        assertFalse(plans.test("cat1", zeroLoss).admitted(), "L = 0 needs publisher retention");
        assertEquals(category(1), plans.plan("CAT1").effective(), "testing changes nothing");
        plans.requested("CAT1", zeroLoss); // a race past the test: refused, the plan in force stays
        assertEquals(category(1), plans.plan("CAT1").effective());
    }

    @Test
    void theSlowestSubscribersLatencyShortensTheDispatchDeadlineOrIsRefused() {
        plans.configure("cat1", category(1)); // D = 50 ms, edge: Δ_BS 1 ms
        plans.requested("CAT1", new QosRequest(Micros.INFINITE, LossTolerance.BEST_EFFORT, 30 * MS));
        assertEquals((50 - 30) * MS, plans.plan("CAT1").dispatchBudgetMicros());
        assertEquals(30 * MS, plans.plan("CAT1").admission().brokerToSubscriberMicros());
        // a subscriber nearer than the destination's bound changes nothing: the bound is a lower bound for all
        plans.requested("CAT1", new QosRequest(Micros.INFINITE, LossTolerance.BEST_EFFORT, 500));
        assertEquals((50 - 1) * MS, plans.plan("CAT1").dispatchBudgetMicros());
        // one farther than D allows cannot be served in time
        assertFalse(plans.test("cat1", new QosRequest(Micros.INFINITE, LossTolerance.BEST_EFFORT, 60 * MS))
                .admitted());
    }

    @Test
    void requestsOutliveAConfigurationChangeAndApplyToTheDefaultToo() {
        plans.requested("LOGS", QosRequest.deadline(200 * MS));
        assertEquals(200 * MS, plans.plan("LOGS").effective().deadlineMicros(), "the default, tightened");
        plans.configure("logs", category(5));
        assertEquals(200 * MS, plans.plan("LOGS").effective().deadlineMicros());
        plans.remove("logs");
        assertEquals(200 * MS, plans.plan("LOGS").effective().deadlineMicros());
        plans.requested("LOGS", QosRequest.NONE);
        assertSame(plans.defaultPlan(), plans.plan("LOGS"));
    }
}
