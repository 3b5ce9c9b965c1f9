package io.eventhandler.petri.cli;

import io.eventhandler.petri.capacity.CapacityModel;
import io.eventhandler.petri.capacity.CapacityModelFile;
import io.eventhandler.petri.capacity.CapacityPredictor;

import java.io.IOException;
import java.nio.file.Path;

/** The options of the commands that predict from a model file ({@code predict}, {@code compare}), declared once. */
final class ModelOptions {

    static final Option THREAD_COST = Option.of("thread-cost", "FRACTION", "core time each pool thread beyond the "
            + "cores adds to every event (the calibration cannot measure it), e.g. 0.1", "0");

    private ModelOptions() {
    }

    /** {@code --model} with what it is for in this command. */
    static Option model(final String help) {
        return Option.of("model", "FILE", help, null);
    }

    /** The {@code --model} file. */
    static CapacityModel read(final Options options) throws UsageException, IOException {
        return CapacityModelFile.read(Path.of(options.required("model")));
    }

    /** The predictor of {@code model}, charging {@code --thread-cost}. */
    static CapacityPredictor predictor(final CapacityModel model, final Options options) throws UsageException {
        return new CapacityPredictor(model, options.number(THREAD_COST.name(), 0));
    }
}
