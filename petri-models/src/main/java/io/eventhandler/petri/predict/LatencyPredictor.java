package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.TaggedLatencySimulation;
import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.EventHandlerCapacityNet;
import io.eventhandler.petri.net.StageModel;

/**
 * End-to-end latency of one subscriber: the server part from Sirio's simulator on the generalised net, plus the
 * transport stage by convolution. The warm-up before the tagged event covers at least ten arrivals and twenty
 * service times, so the tag meets the queues in (close to) their stationary state; the server part is simulated
 * over 30 mean service times, and the grid spans that plus the transport's 99.9th percentile.
 */
public final class LatencyPredictor {

    private static final int GRID_POINTS = 800;

    private final StageModel stages;
    private final int runs;

    public LatencyPredictor(final StageModel stages, final int runs) {
        this.stages = stages;
        this.runs = runs;
    }

    public Prediction predict(final CapacityConfiguration config) {
        final double service = stages.accept().mean() + stages.write().mean();
        final double warmUp = Math.max(10 / config.ratePerMs(), 20 * service);
        final double serverHorizon = 30 * service;
        final double step = (serverHorizon + transportQuantile(0.999)) / GRID_POINTS;
        final double roundedWarmUp = Math.ceil(warmUp / step) * step;
        // only the server part is simulated; the transport, outside the net, is added on the full grid
        final TaggedLatencySimulation.Result server = new TaggedLatencySimulation(roundedWarmUp, serverHorizon, step,
                runs).simulate(EventHandlerCapacityNet.build(config, stages, roundedWarmUp),
                EventHandlerCapacityNet.TAG_DONE);
        return new Prediction(config, server.latency().extendedTo(GRID_POINTS + 1).plus(stages.transport()),
                server.cost());
    }

    private double transportQuantile(final double p) {
        double t = stages.transport().mean();
        while (stages.transport().cdf(t) < p) {
            t *= 1.25;
        }
        return t;
    }
}
