package io.eventhandler.server.engine;

import io.eventhandler.api.engine.OperatorGraphDTO;
import io.eventhandler.core.engine.graph.ConsistencyPolicy;
import io.eventhandler.core.engine.graph.GraphSpec;
import io.eventhandler.core.engine.graph.OperatorSpec;
import io.eventhandler.server.testing.EhHttp;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Graph documents in JSON become the engine's configuration, with milliseconds turned into microseconds. */
class GraphDocumentsTest {

    private static final String DOCUMENT = """
            {"policy": "mark",
             "supplierValidityMs": {"RADAR": 10, "VIBRATION": 2.5},
             "operators": [
               {"id": "track", "type": "ekf", "inputs": ["topic:RADAR"], "parameters": {"dt": "0.005"}},
               {"id": "spectrum", "type": "fft", "inputs": ["topic:VIBRATION"]},
               {"id": "report", "type": "concat", "inputs": ["track", "spectrum"], "outputTopic": "REPORT",
                "priority": 3, "relativeValidity": [{"inputs": ["track", "spectrum"], "intervalMs": 5}]}
             ]}
            """;

    @Test
    void aDocumentBecomesTheEngineConfigurationAndBack() {
        final GraphSpec spec = GraphDocuments.toSpec(EhHttp.read(DOCUMENT, OperatorGraphDTO.class));
        assertEquals(ConsistencyPolicy.MARK, spec.policy());
        assertEquals(Map.of("RADAR", 10_000L, "VIBRATION", 2_500L), spec.supplierValidityMicros());
        assertEquals(3, spec.operators().size());
        final OperatorSpec report = spec.operators().get(2);
        assertEquals(List.of("track", "spectrum"), report.inputs());
        assertEquals("REPORT", report.outputTopic());
        assertEquals(3, report.priority());
        assertEquals(5_000L, report.relativeValidity().get(0).intervalMicros());
        assertEquals(Map.of("dt", "0.005"), spec.operators().get(0).parameters());

        assertEquals(spec, GraphDocuments.toSpec(GraphDocuments.toDocument(spec)));
    }

    @Test
    void theExampleInDocsEngineMdIsAValidGraph() throws java.io.IOException {
        final String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "engine.md"));
        final int start = doc.indexOf("```json") + "```json".length();
        final String json = doc.substring(start, doc.indexOf("```", start));
        final GraphSpec spec = GraphDocuments.toSpec(EhHttp.read(json, OperatorGraphDTO.class));
        final io.eventhandler.core.engine.graph.OperatorGraph graph = io.eventhandler.core.engine.graph.OperatorGraph
                .build(spec, io.eventhandler.core.engine.operator.OperatorRegistry.load()::factory);
        assertEquals(Map.of("report", "MACHINE_REPORT"), graph.outputTopics());
    }

    @Test
    void shapeProblemsAreReportedTogether() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GraphDocuments.toSpec(
                EhHttp.read("""
                        {"policy": "ignore", "supplierValidityMs": {"RADAR": 0},
                         "operators": [{"id": "x", "type": "fft", "inputs": ["topic:A"],
                                        "relativeValidity": [{"inputs": ["topic:A"]}]}]}
                        """, OperatorGraphDTO.class)));
        assertEquals("policy 'ignore' is neither MARK nor SHED; supplierValidityMs of RADAR must be a positive number"
                + " of milliseconds; operator x: a relative validity set needs a positive intervalMs", e.getMessage());
    }
}
