package io.eventhandler.core.engine.operator;

import io.eventhandler.core.engine.operator.testplugin.EchoOperatorFactory;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OperatorRegistryTest {

    private static final Set<String> BUILT_INS = Set.of("ekf", "fft", "concat", "aes-gcm", "threshold",
            "moving-average");

    @Test
    void shouldHoldTheBuiltIns() {
        final OperatorRegistry registry = new OperatorRegistry(List.of());
        assertEquals(BUILT_INS, registry.types());
        assertInstanceOf(FftOperatorFactory.class, registry.factory("fft").orElseThrow());
        assertEquals(Optional.empty(), registry.factory("nope"));
        assertEquals(Optional.empty(), registry.factory("FFT"), "type names are exact");
    }

    @Test
    void shouldFindPlugInsThroughServiceLoader() {
        final OperatorRegistry registry = OperatorRegistry.load();
        assertTrue(registry.types().containsAll(BUILT_INS));
        assertTrue(registry.types().contains("test-echo"), "registered in META-INF/services");
        final Operator echo = registry.factory("test-echo").orElseThrow().create(Map.of("prefix", ">"), 1);
        assertEquals(">x", echo.apply(List.of("x")).orElseThrow());
    }

    @Test
    void shouldRejectADuplicateTypeNamingBothClasses() {
        final OperatorFactory impostor = new OperatorFactory() {
            @Override
            public String type() {
                return "fft";
            }

            @Override
            public Operator create(final Map<String, String> parameters, final int inputCount) {
                throw new UnsupportedOperationException();
            }
        };
        final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new OperatorRegistry(List.of(impostor)));
        assertTrue(e.getMessage().contains("'fft'"), e.getMessage());
        assertTrue(e.getMessage().contains(FftOperatorFactory.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains(impostor.getClass().getName()), e.getMessage());

        final IllegalStateException twice = assertThrows(IllegalStateException.class,
                () -> new OperatorRegistry(List.of(new EchoOperatorFactory(), new EchoOperatorFactory())));
        assertTrue(twice.getMessage().contains("'test-echo' is provided by both"), twice.getMessage());
    }

    @Test
    void shouldRejectAnInvalidTypeName() {
        for (String bad : new String[] {"Upper", "with space", "", "-lead", "trail-"}) {
            final OperatorFactory factory = new OperatorFactory() {
                @Override
                public String type() {
                    return bad;
                }

                @Override
                public Operator create(final Map<String, String> parameters, final int inputCount) {
                    throw new UnsupportedOperationException();
                }
            };
            final IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> new OperatorRegistry(List.of(factory)), bad);
            assertTrue(e.getMessage().contains("invalid type name"), e.getMessage());
        }
    }

    @Test
    void everyBuiltInShouldMakeAWorkingOperator() {
        final OperatorRegistry registry = new OperatorRegistry(List.of());
        final Map<String, Map<String, String>> parameters = Map.of(
                "ekf", Map.of("dt", "0.1", "process-noise", "0.01", "measurement-noise-range", "0.1",
                        "measurement-noise-bearing", "0.001"),
                "fft", Map.of(),
                "concat", Map.of(),
                "aes-gcm", Map.of("key", "000102030405060708090a0b0c0d0e0f"),
                "threshold", Map.of("op", ">", "value", "0"),
                "moving-average", Map.of("window", "2"));
        for (String type : registry.types()) {
            final Operator operator = registry.factory(type).orElseThrow().create(parameters.get(type), 1);
            assertTrue(operator.apply(List.of("3,0.5")).isPresent(), type);
        }
    }
}
