package io.eventhandler.benchmarks.flink;

import io.eventhandler.benchmarks.engine.PriorityWorkload;
import io.eventhandler.core.engine.graph.OperatorGraph;
import io.eventhandler.core.engine.graph.OperatorSpec;
import io.eventhandler.core.engine.operator.OperatorRegistry;
import io.eventhandler.core.engine.runtime.Engine;
import io.eventhandler.core.engine.runtime.EngineSettings;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The Flink job and the engine, given the same tiny input of the EKF variant (one copy per priority), publish the same
 * derived events: the same t_b and payload per derived topic, computed from the newest event of each input (an older
 * one waiting is replaced), each input used once, and nothing for a copy whose inputs never all arrived. Behaviour
 * only; the timing is the side-by-side runner's business.
 */
class SameOutputsTest {

    private static final PriorityWorkload WORKLOAD = new PriorityWorkload(1, 1, 1).withTracking(true);

    /** Supplier events in arrival order: H1_A twice (the first replaced), the low copy without its B. */
    private static final List<Item> INPUT = List.of(
            new Item("H1_A", -1, 1_000, "1,2,3,4"),
            new Item("H1_A", -1, 2_000, "4,3,2,1,0,1"),
            new Item("H1_B", -1, 2_000, "9,9,0,0"),
            new Item("H1_T", -1, 2_000, "100.0,0.5"),
            new Item("M1_A", -1, 3_000, "1,1"), new Item("M1_B", -1, 3_000, "2,2,2"),
            new Item("M1_C", -1, 3_000, "3,0,3"), new Item("M1_D", -1, 3_500, "4,5,6,7"),
            new Item("M1_T", -1, 3_500, "80,-1.25"),
            new Item("L1_A", -1, 4_000, "5,5,5,5"), new Item("L1_T", -1, 4_000, "10,0"));

    @Test
    void flinkAndTheEnginePublishTheSameDerivedEvents() throws Exception {
        final Map<String, String> expected = expected();
        final Map<String, String> flink = decrypted(flink());
        final Map<String, String> engine = decrypted(engine());
        assertEquals(expected, flink, "Flink");
        assertEquals(expected, engine, "engine");
    }

    /** derived topic → "t_b|payload", from the operators applied by hand. */
    private static Map<String, String> expected() {
        final OperatorRegistry registry = new OperatorRegistry(List.of());
        final Map<String, OperatorSpec> byId = new TreeMap<>();
        WORKLOAD.graph().operators().forEach(o -> byId.put(o.id(), o));
        final String high = String.join(",", unary(registry, byId.get("h1_out-fft-h1_a"), "4,3,2,1,0,1"),
                unary(registry, byId.get("h1_out-fft-h1_b"), "9,9,0,0"),
                unary(registry, byId.get("h1_out-ekf-h1_t"), "100.0,0.5"));
        final String middle = String.join(",", unary(registry, byId.get("m1_out-fft-m1_a"), "1,1"),
                unary(registry, byId.get("m1_out-fft-m1_b"), "2,2,2"),
                unary(registry, byId.get("m1_out-fft-m1_c"), "3,0,3"),
                unary(registry, byId.get("m1_out-fft-m1_d"), "4,5,6,7"),
                unary(registry, byId.get("m1_out-ekf-m1_t"), "80,-1.25"));
        return Map.of("H1_OUT", "2000|" + high, "M1_OUT", "3500|" + middle);
    }

    private static String unary(final OperatorRegistry registry, final OperatorSpec spec, final String input) {
        return registry.factory(spec.type()).orElseThrow().create(spec.parameters(), 1).apply(List.of(input))
                .orElseThrow();
    }

    private static Map<String, String> flink() throws Exception {
        final Map<String, String> out = new ConcurrentHashMap<>();
        BookSink.register("same-outputs", (topic, payload, tb, te, marked) ->
                assertFalse(out.containsKey(topic) || out.put(topic, tb + "|" + payload) != null, "one per topic"));
        try {
            final StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
            final DataStream<Item> suppliers = env.fromData(INPUT, TypeInformation.of(Item.class));
            FlinkPriorityJob.build(suppliers, FlinkPlan.of(WORKLOAD.graph()), 1).sinkTo(new BookSink("same-outputs"));
            env.execute("same outputs");
        } finally {
            BookSink.remove("same-outputs");
        }
        return out;
    }

    private static Map<String, String> engine() {
        final Map<String, String> out = new ConcurrentHashMap<>();
        final OperatorGraph graph = OperatorGraph.build(WORKLOAD.graph(), new OperatorRegistry(List.of())::factory);
        try (Engine engine = new Engine(graph, (topic, payload, tb, te, marked) -> out.put(topic, tb + "|" + payload),
                EngineSettings.defaults().withWorkers(1), () -> 0L)) {
            INPUT.forEach(i -> engine.offer(i.key, i.payload, i.tbMicros)); // queued: replacement before any run
            engine.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> out.size() == 2);
            assertEquals(0, engine.statistics().ignoredOffers());
        }
        return out;
    }

    /** The middle priority's AES-GCM output opened with the graph's key, so it compares with the plaintext. */
    private static Map<String, String> decrypted(final Map<String, String> derived) throws Exception {
        final Map<String, String> out = new TreeMap<>(derived);
        final String[] middle = out.get("M1_OUT").split("\\|", 2);
        final byte[] sealed = Base64.getDecoder().decode(middle[1]);
        final String key = WORKLOAD.graph().operators().stream().filter(o -> o.id().equals("m1_out")).findFirst()
                .orElseThrow().parameters().get("key");
        final GCMModeCipher cipher = GCMBlockCipher.newInstance(AESEngine.newInstance());
        cipher.init(false, new AEADParameters(new KeyParameter(HexFormat.of().parseHex(key)), 128,
                Arrays.copyOf(sealed, 12), new byte[0]));
        final byte[] plain = new byte[cipher.getOutputSize(sealed.length - 12)];
        int n = cipher.processBytes(sealed, 12, sealed.length - 12, plain, 0);
        n += cipher.doFinal(plain, n);
        out.put("M1_OUT", middle[0] + "|" + new String(plain, 0, n, StandardCharsets.UTF_8));
        return out;
    }
}
