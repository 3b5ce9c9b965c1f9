package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.TaggedLatencySimulation;
import io.eventhandler.petri.net.Arrivals;
import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.EventHandlerCapacityNet;
import io.eventhandler.petri.net.ModelNet;
import io.eventhandler.petri.net.RegimeModel;
import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageModel;
import io.eventhandler.petri.net.TransportOffsets;

import java.util.List;

/**
 * End-to-end latency of one subscriber: the server part from Sirio's simulator on the generalised net, plus the
 * transport stage of the regime the tagged event arrived in (independently or quantile by quantile, as the model
 * says). The warm-up before the tagged event covers at least ten arrivals and twenty service times, so the tag meets
 * the queues in (close to) their stationary state; the server part is simulated over 50 mean service times, and the
 * grid spans that plus the transport's 99.9th percentile.
 */
public final class LatencyPredictor {

    private static final int GRID_POINTS = 4000;

    private final RegimeModel model;
    private final int runs;

    public LatencyPredictor(final StageModel stages, final int runs) {
        this(RegimeModel.single(stages), runs);
    }

    public LatencyPredictor(final RegimeModel model, final int runs) {
        this.model = model;
        this.runs = runs;
    }

    public Prediction predict(final CapacityConfiguration config) {
        final Grid grid = grid(config);
        final ModelNet net = EventHandlerCapacityNet.build(config, model, grid.warmUp);
        final TaggedLatencySimulation simulation = new TaggedLatencySimulation(grid.warmUp, grid.serverHorizon,
                grid.step, runs);
        if (!model.hasCold()) {
            final TaggedLatencySimulation.Result server = simulation.simulate(net, EventHandlerCapacityNet.TAG_DONE);
            return new Prediction(config, withTransport(server.latency(), model.warm(), model.warmOffsets()),
                    server.cost());
        }
        // two conditions on the same runs: the tag done having arrived cold, and having arrived warm
        final String done = EventHandlerCapacityNet.TAG_DONE + " > 0 && " + EventHandlerCapacityNet.TAG_COLD;
        final List<TaggedLatencySimulation.Result> split = simulation.simulateUntil(net,
                List.of(done + " == 0", done + " > 0"));
        final LatencyDistribution endToEnd = withTransport(split.get(0).latency(), model.warm(), model.warmOffsets())
                .add(withTransport(split.get(1).latency(), model.cold(), model.coldOffsets()));
        return new Prediction(config, endToEnd, split.get(0).cost());
    }

    /** The server part alone (no transport), for fitting the transport as a residual. */
    LatencyDistribution serverPart(final CapacityConfiguration config) {
        final Grid grid = grid(config);
        return new TaggedLatencySimulation(grid.warmUp, grid.serverHorizon, grid.step, runs)
                .simulate(EventHandlerCapacityNet.build(config, model, grid.warmUp), EventHandlerCapacityNet.TAG_DONE)
                .latency().extendedTo(GRID_POINTS + 1);
    }

    private LatencyDistribution withTransport(final LatencyDistribution server, final StageModel stages,
                                              final TransportOffsets offsets) {
        final LatencyDistribution extended = server.extendedTo(GRID_POINTS + 1);
        return model.coupling() == RegimeModel.Coupling.QUANTILE ? extended.plusOffsets(offsets)
                : extended.plus(stages.transport());
    }

    private Grid grid(final CapacityConfiguration config) {
        final double service = Math.max(service(model.warm()), model.hasCold() ? service(model.cold()) : 0);
        final double period = 1 / config.ratePerMs();
        final double serverHorizon = 50 * service;
        double step = (serverHorizon + Math.max(transportQuantile(model.warm().transport()),
                model.hasCold() ? transportQuantile(model.cold().transport()) : 0)) / GRID_POINTS;
        double warmUp = Math.max(10 * period, 20 * service);
        if (config.arrivals() == Arrivals.PERIODIC) {
            // the tag is one of the periodic arrivals: a whole number of periods, and the step divides it
            warmUp = Math.ceil(warmUp / period) * period;
            step = warmUp / Math.ceil(warmUp / step);
        } else {
            warmUp = Math.ceil(warmUp / step) * step;
        }
        return new Grid(warmUp, serverHorizon, step);
    }

    private static double service(final StageModel stages) {
        return stages.accept().mean() + stages.write().mean();
    }

    private static double transportQuantile(final StageDistribution transport) {
        double t = transport.mean();
        while (transport.cdf(t) < 0.999) {
            t *= 1.25;
        }
        return t;
    }

    private record Grid(double warmUp, double serverHorizon, double step) {
    }
}
