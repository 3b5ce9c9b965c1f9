package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.PlaceProbabilities;
import io.eventhandler.petri.analysis.RegenerativeTransient;
import io.eventhandler.petri.net.IntercloudOrchestrationNet;
import io.eventhandler.petri.net.IntracloudOrchestrationNet;
import io.eventhandler.petri.net.ThesisEventHandlerNet;

import java.io.PrintStream;
import java.util.Locale;

/** Prints each figure the thesis reports for its three nets next to ours, and what each analysis cost. */
final class ThesisFigures {

    private final PrintStream out;

    ThesisFigures(final PrintStream out) {
        this.out = out;
    }

    void print() {
        final PlaceProbabilities intra = new RegenerativeTransient(500, 0.5).analyse(IntracloudOrchestrationNet.build());
        out.println("intracloud (RegTransient, 0.5 ms grid): " + intra.cost());
        row("P(Consumer_End) at 258 ms", "0.443", intra.at(IntracloudOrchestrationNet.CONSUMER_END, 258));
        row("P(Consumer_End) at 448.6 ms", "≈1", intra.at(IntracloudOrchestrationNet.CONSUMER_END, 448.6));
        row("Orchestrator_Pre-SR peak (ms)", "35.10", intra.peakTime(IntracloudOrchestrationNet.ORCHESTRATOR_PRE_SR));

        final PlaceProbabilities inter = new RegenerativeTransient(3200, 4).analyse(IntercloudOrchestrationNet.build());
        out.println("intercloud (RegTransient, 4 ms grid): " + inter.cost());
        row("P(Consumer_End) at 2867 ms", "≈1", inter.at(IntercloudOrchestrationNet.CONSUMER_END, 2867));
        row("Consumer_End most probable from (ms)", "1422",
                inter.mostProbableFrom(IntercloudOrchestrationNet.CONSUMER_END));
        row("SR A Pre-Query overtakes Orchestrator A Pre-SR (ms)", "≈202",
                inter.crossing(IntercloudOrchestrationNet.ORCHESTRATOR_A_PRE_SR,
                        IntercloudOrchestrationNet.SR_A_PRE_QUERY, 0));

        final PlaceProbabilities eh = new RegenerativeTransient(20, 0.05).analyse(ThesisEventHandlerNet.build(1, 4));
        out.println("Event Handler, 1 token (RegTransient, 0.05 ms grid): " + eh.cost());
        row("Publisher/Subscriber crossing (ms)", "7.6",
                eh.crossing(ThesisEventHandlerNet.PUBLISHER, ThesisEventHandlerNet.SUBSCRIBER, 0));
        row("Ready_to_Send peak", "0.47", eh.peak(ThesisEventHandlerNet.READY_TO_SEND));
        row("Ready_to_Send peak at (ms)", "7.6", eh.peakTime(ThesisEventHandlerNet.READY_TO_SEND));
        row("P(Subscriber) reaches 0.99 at (ms)", "14.3", eh.firstTimeAtLeast(ThesisEventHandlerNet.SUBSCRIBER, 0.99));
        row("Subscriber most probable from (ms)", "8.5", eh.mostProbableFrom(ThesisEventHandlerNet.SUBSCRIBER));
        row("P(Subscriber) at 10.68 ms", "0.804", eh.at(ThesisEventHandlerNet.SUBSCRIBER, 10.68));
        row("P(Publisher) at 2.1 ms", "≈1", eh.at(ThesisEventHandlerNet.PUBLISHER, 2.1));
        row("P(Publisher) at 13.6 ms", "≈0", eh.at(ThesisEventHandlerNet.PUBLISHER, 13.6));
        row("P(Subscriber) at 17.1 ms", "≈1", eh.at(ThesisEventHandlerNet.SUBSCRIBER, 17.1));
    }

    private void row(final String figure, final String thesis, final double ours) {
        out.printf(Locale.ROOT, "  %-55s thesis %-6s ours %.4f%n", figure, thesis, ours);
    }
}
