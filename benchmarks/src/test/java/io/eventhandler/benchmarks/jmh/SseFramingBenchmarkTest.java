package io.eventhandler.benchmarks.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.eventhandler.api.GapNotice;
import io.eventhandler.api.JsonMapper;
import io.eventhandler.core.event.Event;
import io.eventhandler.server.sse.SseFramingFixture;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The framing benchmark writes what a stream gets: one id: and data: frame per event, a gap notice as event: gap. */
class SseFramingBenchmarkTest {

    @Test
    void framesEveryEventOfTheBatchAndTheGap() throws IOException {
        final SseFramingBenchmark benchmark = new SseFramingBenchmark();
        benchmark.setUp();
        final SseFramingBenchmark.Batch batch = new SseFramingBenchmark.Batch();
        batch.batch = 32;
        batch.setUp();
        final long before = benchmark.gap();
        long frames = 0;
        for (final var item : batch.events) {
            final Event event = (Event) item;
            frames += ("id: " + SseFramingFixture.NUMBERING + "-" + event.sequence() + "\ndata: \n\n").length()
                    + event.encoded().length;
        }
        assertEquals(before + frames, benchmark.events(batch));
        final long gapBytes = benchmark.gap() - before - frames;
        assertEquals(("event: gap\ndata: \n\n").length() + gapJsonLength(), gapBytes);
    }

    private static int gapJsonLength() {
        // {"eventType":"benchmark_event","firstMissingId":17,"lastMissingId":42,"missed":26,"reason":"overflow"}
        return JsonMapper.create().valueToTree(new GapNotice(PublishBodies.EVENT_TYPE, 17, 42, 26, "overflow"))
                .toString().length();
    }
}
