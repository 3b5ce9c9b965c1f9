package io.eventhandler.petri.net;

import io.eventhandler.petri.analysis.PlaceProbabilities;
import io.eventhandler.petri.analysis.RegenerativeTransient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static io.eventhandler.petri.net.ThesisEventHandlerNet.PUBLISHER;
import static io.eventhandler.petri.net.ThesisEventHandlerNet.READY_TO_SEND;
import static io.eventhandler.petri.net.ThesisEventHandlerNet.SUBSCRIBER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thesis' Event Handler net with one token (§8.2.1, Fig. 8.2; IECON Fig. 6) analysed with RegTransient
 * reproduces the reported figures: ±0.3 ms on instants (grid 0.05 ms, figures read off a plot to 0.1 ms),
 * ±0.02 on probabilities.
 */
class ThesisEventHandlerNetTest {

    private static PlaceProbabilities oneToken;

    @BeforeAll
    static void analyse() {
        oneToken = new RegenerativeTransient(20, 0.05).analyse(ThesisEventHandlerNet.build(1, 4));
    }

    @Test
    void publisherAndSubscriberCurvesCrossAt7_6ms() {
        assertEquals(7.6, oneToken.crossing(PUBLISHER, SUBSCRIBER, 0), 0.3);
    }

    @Test
    void readyToSendPeaksAt47PercentAround7_6ms() {
        assertEquals(0.47, oneToken.peak(READY_TO_SEND), 0.02);
        assertEquals(7.6, oneToken.peakTime(READY_TO_SEND), 0.5);
    }

    @Test
    void subscriberHasTheEventWith99PercentAt14_3ms() {
        assertEquals(14.3, oneToken.firstTimeAtLeast(SUBSCRIBER, 0.99), 0.3);
    }

    @Test
    void subscriberIsMostProbableAfter8_5ms() {
        assertEquals(8.5, oneToken.mostProbableFrom(SUBSCRIBER), 0.3);
    }

    @Test
    void subscriberProbabilityAt10_68msIs80_4Percent() {
        assertEquals(0.804, oneToken.at(SUBSCRIBER, 10.68), 0.02);
    }

    @Test
    void publisherHoldsUntil2_1msAndIsEmptyBy13_6ms() {
        assertTrue(oneToken.at(PUBLISHER, 2.1) > 0.99, "P(Publisher) at 2.1 ms");
        assertTrue(oneToken.at(PUBLISHER, 13.6) < 0.01, "P(Publisher) at 13.6 ms");
        assertTrue(oneToken.at(SUBSCRIBER, 17.1) > 0.999, "P(Subscriber) at 17.1 ms");
    }
}
