package io.eventhandler.core.engine.operator.testplugin;

import io.eventhandler.core.engine.operator.Operator;
import io.eventhandler.core.engine.operator.OperatorFactory;

import java.util.Map;
import java.util.Optional;

/** A plug-in as a user would write one, found through META-INF/services in the test resources. */
public final class EchoOperatorFactory implements OperatorFactory {

    @Override
    public String type() {
        return "test-echo";
    }

    @Override
    public Operator create(final Map<String, String> parameters, final int inputCount) {
        final String prefix = parameters.getOrDefault("prefix", "");
        return inputs -> Optional.of(prefix + inputs.get(0));
    }
}
