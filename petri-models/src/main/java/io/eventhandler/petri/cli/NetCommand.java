package io.eventhandler.petri.cli;

import io.eventhandler.petri.predict.CapacityCommand;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The Petri-net commands behind the capacity answers, which work on the nets directly: the thesis' nets, fitting
 * stage distributions, Sirio's simulation of the generalised net (with its confidence band), and the probes of a
 * device's idle slowdown. They run {@link CapacityCommand}.
 */
final class NetCommand implements Command {

    private final String name;
    private final String legacyName;
    private final String summary;
    private final String description;
    private final List<Option> options;

    private NetCommand(final String name, final String legacyName, final String summary, final String description,
                       final List<Option> options) {
        this.name = name;
        this.legacyName = legacyName;
        this.summary = summary;
        this.description = description;
        this.options = options;
    }

    static List<Command> all() {
        return List.of(simulate(), fit(),
                new NetCommand("probe", "probe", "how much slower a core runs after idling (a device's cooling time)",
                        """
                        Idles a thread for each gap, then runs a fixed memory-bound piece of work, and prints how much
                        slower it ran than after no gap. Pin it to one core (taskset -c 0).""",
                        List.of(Option.of("gaps", "MS,MS,...", "idle gaps", "0.1,0.5,1,1.5,2,3,5"),
                                Option.of("samples", "N", "samples per gap", "300"))),
                new NetCommand("wakeup", "wakeup", "how long a parked thread takes to run after an idle gap",
                        """
                        One thread parks, another on the other core wakes it after each idle gap; prints p50 and p99
                        of the time until the parked thread runs.""",
                        List.of(Option.of("gaps", "MS,MS,...", "idle gaps", "0.05,0.1,0.3,0.5,0.75,1,1.5,2,3,5"),
                                Option.of("samples", "N", "wake-ups per gap", "1000"))),
                new NetCommand("cost", "cost", "what Sirio's exact (regenerative transient) analysis costs per token",
                        """
                        Analyses the thesis' Event Handler net with 1, 2, ... tokens by Sirio's regenerative transient
                        analysis and prints the wall time, markings and regenerations: why the capacity answers do not
                        use it for many events in flight.""",
                        List.of(Option.of("max-tokens", "N", "the most tokens tried", "3"))),
                new NetCommand("thesis", "thesis", "the 2019 thesis' three nets and the figures it reported",
                        "Analyses the thesis' intracloud, intercloud and Event Handler nets and prints their figures.",
                        List.of()));
    }

    private static NetCommand simulate() {
        return new NetCommand("simulate", "predict",
                "Sirio's simulation of the generalised net for one rate (slow; with its 95 % band)", """
                Simulates the generalised Event Handler net (cores, Grizzly workers, delivery workers, fan-out) with
                Sirio's simulator, from a stage model written by fit, and prints p50/p90/p99 per delivery pool size
                with the simulation's 95 % band. Minutes per configuration for a p99: what predict avoids.""",
                List.of(Option.of("model", "FILE", "a stage model written by fit", null),
                        Option.of("cores", "N", "cores", "2"), Option.of("workers", "N", "Grizzly workers", "8"),
                        Option.of("delivery", "N,N,...", "delivery pool sizes", null),
                        Option.of("rate", "R", "publishes per second", null),
                        Option.of("subscribers", "S", "fan-out", "1"),
                        Option.of("arrivals", "poisson|periodic", "arrival process", "poisson"),
                        Option.of("runs", "N", "simulation runs", "2000"),
                        Option.of("csv", "FILE", "the CDF of the recommended pool size", null),
                        Option.of("png", "FILE", "its plot", null)));
    }

    private static NetCommand fit() {
        return new NetCommand("fit", "fit", "fit stage distributions for simulate from stage and end-to-end samples", """
                Fits the server's stage samples (stage,ms lines from its stage recorder) and the load generator's
                end-to-end samples to the distributions of the generalised net (Erlang, exponential, expolynomial or
                histogram), and writes a stage model for simulate. With --rate and the calibration run's pools the
                transport becomes quantile offsets; --cold-* and --hot-* add idle regimes.""",
                List.of(Option.of("stages", "CSV,...", "stage samples", null),
                        Option.of("e2e", "CSV,...", "end-to-end samples", null),
                        Option.of("out", "FILE", "the stage model to write", null),
                        Option.of("general-ks", "D", "KS distance above which general forms are tried", "0.08"),
                        Option.of("rate", "R", "the calibration run's rate (quantile offsets)", null),
                        Option.of("cores", "N", "its cores", "2"), Option.of("workers", "N", "its workers", "8"),
                        Option.of("delivery", "N", "its delivery threads", null),
                        Option.of("subscribers", "S", "its fan-out", "1"),
                        Option.of("arrivals", "poisson|periodic", "its arrivals", "poisson"),
                        Option.of("runs", "N", "simulation runs for the offsets", "4000"),
                        Option.of("stage-form", "fitted|histogram", "parametric fits or histograms", "fitted"),
                        Option.of("cold-stages", "CSV,...", "a cold regime's stages", null),
                        Option.of("cold-e2e", "CSV,...", "its end-to-end samples", null),
                        Option.of("cold-rate", "R", "its rate", null),
                        Option.of("cooling-ms", "MS", "idle time from which the cold regime applies", null),
                        Option.of("hot-stages", "CSV,...", "a hot regime's stages", null),
                        Option.of("hot-e2e", "CSV,...", "its end-to-end samples", null),
                        Option.of("hot-rate", "R", "its rate", null),
                        Option.of("hot-idle-ms", "MS", "idle time below which an event is hot", null)));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<Option> options() {
        return options;
    }

    @Override
    public void run(final Options given, final PrintStream out) throws IOException {
        final List<String> args = new ArrayList<>();
        for (final Option option : options) {
            if (given.has(option.name())) {
                args.add("--" + option.name());
                args.add(given.text(option.name()));
            }
        }
        CapacityCommand.execute(legacyName, args.toArray(String[]::new), out);
    }
}
