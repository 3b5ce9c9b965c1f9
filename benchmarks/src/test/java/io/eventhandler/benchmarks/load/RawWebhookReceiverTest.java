package io.eventhandler.benchmarks.load;

import io.eventhandler.api.EpochMicros;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.api.EventDTO;
import io.eventhandler.api.JsonMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The lean receiver over real loopback HTTP: deliveries on a kept-alive connection, and clear refusals. */
@Timeout(30)
class RawWebhookReceiverTest {

    private static final ObjectMapper MAPPER = JsonMapper.create();

    private final SubscriberProbe probe = new SubscriberProbe("hook", 1, 0);
    private RawWebhookReceiver receiver;

    @BeforeEach
    void start() {
        receiver = RawWebhookReceiver.start(Transport.PLAIN, "/notify/0", probe);
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void takesManyDeliveriesOverOnePersistentConnection() throws IOException {
        final PayloadCodec codec = new PayloadCodec(40);
        try (Socket socket = connect()) {
            final HttpReader reader = new HttpReader(socket.getInputStream(), 1024);
            for (int i = 0; i < 50; i++) {
                post(socket.getOutputStream(), "/notify/0", MAPPER.writeValueAsBytes(new EventDTO("T", null,
                        codec.encode(0, i, EpochMicros.now()), Instant.now().toString())));
                assertEquals(200, reader.readHead().status());
            }
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> probe.measuredUnique() == 50);
        assertEquals(0, probe.result(List.of(), 0).unparseable());
    }

    @Test
    void refusesAnotherPathAndABodyThatIsNotAnEvent() throws IOException {
        try (Socket socket = connect()) {
            final HttpReader reader = new HttpReader(socket.getInputStream(), 1024);
            post(socket.getOutputStream(), "/elsewhere", "{}".getBytes(StandardCharsets.UTF_8));
            final HttpReader.Head notFound = reader.readHead();
            assertEquals(404, notFound.status());
            assertTrue(reader.readBody(notFound.contentLength()).contains("errorMessage"));
            post(socket.getOutputStream(), "/notify/0", "[1,2]".getBytes(StandardCharsets.UTF_8));
            final HttpReader.Head bad = reader.readHead();
            assertEquals(400, bad.status());
            reader.readBody(bad.contentLength());
        }
        assertEquals(1, probe.result(List.of(), 0).unparseable());
    }

    @Test
    void refusesAChunkedBodyAndClosesTheConnection() throws IOException {
        try (Socket socket = connect()) {
            socket.getOutputStream().write(("POST /notify/0 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "2\r\n{}\r\n0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            final HttpReader reader = new HttpReader(socket.getInputStream(), 1024);
            final HttpReader.Head head = reader.readHead();
            assertEquals(411, head.status());
            reader.readBody(head.contentLength());
            assertEquals(-1, socket.getInputStream().read());
        }
    }

    private Socket connect() throws IOException {
        return new Socket(InetAddress.getLoopbackAddress(), receiver.port());
    }

    private static void post(final OutputStream out, final String path, final byte[] body) throws IOException {
        out.write(("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "
                + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
    }
}
