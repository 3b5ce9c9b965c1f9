package io.eventhandler.petri.predict;

import io.eventhandler.petri.analysis.TaggedLatencySimulation;
import io.eventhandler.petri.net.Arrivals;
import io.eventhandler.petri.net.CapacityConfiguration;
import io.eventhandler.petri.net.EventHandlerCapacityNet;
import io.eventhandler.petri.net.ModelNet;
import io.eventhandler.petri.net.RegimeModel;
import io.eventhandler.petri.net.StageDistribution;
import io.eventhandler.petri.net.StageModel;

import java.util.ArrayList;
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
        final RegimeModel.Regime hottest = model.hottest();
        if (model.isSingle()) {
            final TaggedLatencySimulation.Result server = simulation.simulate(net, EventHandlerCapacityNet.TAG_DONE);
            return new Prediction(config, withTransport(server.latency(), hottest), server.cost());
        }
        // one condition per regime on the same runs: the tag done having arrived in that regime
        final List<RegimeModel.Regime> regimes = model.regimes();
        final List<String> others = regimes.subList(1, regimes.size()).stream()
                .map(EventHandlerCapacityNet::tagRegime).toList();
        final List<String> conditions = new ArrayList<>();
        conditions.add(done(String.join(" == 0 && ", others) + " == 0"));
        others.forEach(tag -> conditions.add(done(tag + " > 0")));
        final List<TaggedLatencySimulation.Result> split = simulation.simulateUntil(net, conditions);
        LatencyDistribution endToEnd = withTransport(split.get(0).latency(), hottest);
        for (int i = 1; i < regimes.size(); i++) {
            endToEnd = endToEnd.add(withTransport(split.get(i).latency(), regimes.get(i)));
        }
        return new Prediction(config, endToEnd, split.get(0).cost());
    }

    private static String done(final String regimeCondition) {
        return EventHandlerCapacityNet.TAG_DONE + " > 0 && " + regimeCondition;
    }

    /** The server part alone (no transport), for fitting the transport as a residual. */
    LatencyDistribution serverPart(final CapacityConfiguration config) {
        final Grid grid = grid(config);
        return new TaggedLatencySimulation(grid.warmUp, grid.serverHorizon, grid.step, runs)
                .simulate(EventHandlerCapacityNet.build(config, model, grid.warmUp), EventHandlerCapacityNet.TAG_DONE)
                .latency().extendedTo(GRID_POINTS + 1);
    }

    private LatencyDistribution withTransport(final LatencyDistribution server, final RegimeModel.Regime regime) {
        final LatencyDistribution extended = server.extendedTo(GRID_POINTS + 1);
        return model.coupling() == RegimeModel.Coupling.QUANTILE ? extended.plusOffsets(regime.offsets())
                : extended.plus(regime.stages().transport());
    }

    private Grid grid(final CapacityConfiguration config) {
        final double service = model.regimes().stream().mapToDouble(r -> service(r.stages())).max().orElseThrow();
        final double period = 1 / config.ratePerMs();
        final double serverHorizon = 50 * service;
        double step = (serverHorizon + model.regimes().stream()
                .mapToDouble(r -> transportQuantile(r.stages().transport())).max().orElseThrow()) / GRID_POINTS;
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
