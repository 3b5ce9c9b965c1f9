package io.eventhandler.server.sse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.GapNotice;
import io.eventhandler.core.outbox.CloseReason;
import io.eventhandler.core.outbox.DeliveryCallback;
import io.eventhandler.core.broker.Numbering;
import io.eventhandler.core.outbox.DeliveryProblemLog;
import io.eventhandler.core.event.OutboxItem;
import io.eventhandler.server.calibration.StageRecorder;
import org.glassfish.grizzly.WriteHandler;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * For the SSE framing benchmark (in the server's test jar, so that it stays out of the product's types): one real
 * {@link SseSink} whose output takes every write at once and only counts its bytes. A batch handed to
 * {@link #deliver} is framed as a delivery thread frames it for a stream: {@code id:} and {@code data:} lines (gap
 * notices as {@code event: gap}) into one array sized for the batch, with the room around the frames that a
 * connection's chunk framing uses. The chunk's size line and the socket write are not included.
 */
public final class SseFramingFixture {

    /** The numbering token in the frames' ids ({@code id: <token>-<sequence>}), as long as a drawn one. */
    public static final String NUMBERING = "benchmk1";

    private final CountingOutput output = new CountingOutput();
    private final SseSink sink;
    private final DeliveryCallback ignore = (delivered, failed) -> { };

    /** A stream of {@code eventType}, its retry hint already sent. */
    public SseFramingFixture(final ObjectMapper mapper, final String eventType) {
        final DeliveryProblemLog problems = DeliveryProblemLog.manual(0, System::nanoTime,
                LoggerFactory.getLogger(SseFramingFixture.class));
        this.sink = new SseSink(output, new SseFrames(mapper.writerFor(GapNotice.class), new Numbering(NUMBERING)), eventType,
                "benchmark stream", Long.MAX_VALUE / 4, 2000, problems, () -> { }, StageRecorder.NONE);
        sink.deliver(List.of(), ignore); // the first write opens the stream with the retry hint
    }

    /** Frames and "writes" one batch; returns the bytes written so far, for the benchmark to consume. */
    public long deliver(final List<OutboxItem> batch) {
        sink.deliver(batch, ignore);
        return output.bytes;
    }

    /** Takes every write at once; the room around the frames is ConnectionOutput's. */
    private static final class CountingOutput implements StreamOutput {

        private long bytes;

        @Override
        public boolean canWrite() {
            return true;
        }

        @Override
        public void notifyCanWrite(final WriteHandler handler) {
            throw new UnsupportedOperationException("always writable");
        }

        @Override
        public int headroom() {
            return ConnectionOutput.HEAD.length + 10;
        }

        @Override
        public int tailroom() {
            return 2;
        }

        @Override
        public void write(final byte[] array, final int offset, final int length) {
            bytes += length;
        }

        @Override
        public void close(final CloseReason reason) {
        }
    }
}
