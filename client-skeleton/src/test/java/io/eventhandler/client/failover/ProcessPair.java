package io.eventhandler.client.failover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eventhandler.client.EventHandlerInstances;
import io.eventhandler.client.testing.ServerProcess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Two Event Handler processes on loopback configured as a pair: A prefers to be primary, B backup; each knows the
 * other's port. Either can be killed with SIGKILL and started again on the same port.
 */
final class ProcessPair implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final int[] ports;
    private final ServerProcess[] processes = new ServerProcess[2];
    private int starts;

    private final Map<String, String> extraSettings;
    /** The port each instance reaches its peer at: the other's own port, or a proxy in between. */
    private final int[] peerPorts;

    ProcessPair(final Path dir) {
        this(dir, Map.of());
    }

    /** @param extraSettings configuration both instances get on top of the pair's (e.g. the delivery policy) */
    ProcessPair(final Path dir, final Map<String, String> extraSettings) {
        this.dir = dir;
        this.ports = ServerProcess.freePorts(2);
        this.extraSettings = Map.copyOf(extraSettings);
        this.peerPorts = new int[] {ports[1], ports[0]};
    }

    /** Instance {@code which} reaches its peer at {@code port} from now on (a proxy; at its next start). */
    void peerVia(final int which, final int port) {
        peerPorts[which] = port;
    }

    /** The port instance {@code which} listens on. */
    int port(final int which) {
        return ports[which];
    }

    /** Start instance 0 (A, configured primary) or 1 (B, configured backup). */
    ServerProcess start(final int which) {
        final Map<String, String> settings = new HashMap<>(extraSettings);
        settings.put("server.port", Integer.toString(ports[which]));
        settings.put("server.address", "127.0.0.1");
        settings.put("eh.replication.role", which == 0 ? "PRIMARY" : "BACKUP");
        settings.put("eh.replication.peer", "http://127.0.0.1:" + peerPorts[which]);
        settings.putIfAbsent("eh.replication.secret", "process-pair-secret-42");
        settings.put("eh.store.url", "jdbc:h2:mem:eh");
        processes[which] = ServerProcess.start(dir, (which == 0 ? "a" : "b") + "-" + ++starts, settings);
        return processes[which];
    }

    ServerProcess get(final int which) {
        return processes[which];
    }

    void kill(final int which) {
        processes[which].kill();
    }

    EventHandlerInstances instances() {
        return EventHandlerInstances.of(uri(0), uri(1));
    }

    private java.net.URI uri(final int which) {
        return java.net.URI.create("http://127.0.0.1:" + ports[which]);
    }

    /** {@code GET /eventhandler/mgmt/replication} of an instance, or null if it does not answer. */
    JsonNode replication(final int which) {
        final HttpResponse<String> response = processes[which].get("/eventhandler/mgmt/replication");
        if (response == null || response.statusCode() != 200) {
            return null;
        }
        try {
            return JSON.readTree(response.body());
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code which} serves as primary and its link to the other is up. */
    boolean primaryWithBackup(final int which) {
        final JsonNode view = replication(which);
        return view != null && view.get("serving").asBoolean() && "PRIMARY".equals(view.get("role").asText())
                && view.get("link").get("connected").asBoolean()
                && replication(1 - which) != null && "BACKUP".equals(replication(1 - which).get("role").asText());
    }

    void configure(final PaperCategory category, final int extraRetention, final int at) {
        final HttpResponse<String> put = processes[at].send("PUT", "/eventhandler/mgmt/qos/topics/"
                + category.topic(), category.qosJson(extraRetention));
        if (put.statusCode() != 200) {
            throw new AssertionError("QoS of " + category + " refused: " + put.body());
        }
    }

    String logs() {
        final StringBuilder text = new StringBuilder();
        for (final ServerProcess process : processes) {
            if (process != null) {
                text.append("---- ").append(process.baseUri()).append('\n').append(process.log());
            }
        }
        return text.toString();
    }

    @Override
    public void close() {
        for (final ServerProcess process : processes) {
            if (process != null) {
                process.close();
            }
        }
    }
}
