package io.eventhandler.server.sse;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.HttpRequestPacket;
import org.glassfish.grizzly.http.util.Constants;
import org.glassfish.grizzly.http.util.Parameters;
import org.glassfish.grizzly.utils.Charsets;

import java.net.InetSocketAddress;
import java.nio.charset.Charset;

/**
 * A stream request as the HTTP codec parsed it, before the HTTP server makes a {@code Request} of it. Parameters
 * are decoded as the HTTP server decodes a GET's: from the query string, in the charset of the Content-Type or
 * else ISO-8859-1, up to the server's default number of parameters.
 */
final class PacketStreamRequest implements StreamRequest {

    /** Grizzly's {@code ServerFilterConfiguration} default, which the HTTP server applies. */
    private static final int MAX_PARAMETERS = 10_000;

    private final HttpRequestPacket packet;
    private Parameters parameters;

    PacketStreamRequest(final HttpRequestPacket packet) {
        this.packet = packet;
    }

    @Override
    public String parameter(final String name) {
        if (parameters == null) {
            parameters = new Parameters();
            parameters.setLimit(MAX_PARAMETERS);
            parameters.setQuery(packet.getQueryStringDC());
            parameters.setQueryStringEncoding(charset(packet.getCharacterEncoding()));
            parameters.handleQueryParameters();
        }
        return parameters.getParameter(name);
    }

    private static Charset charset(final String name) {
        if (name == null) {
            return Constants.DEFAULT_HTTP_CHARSET;
        }
        try {
            return Charsets.lookupCharset(name);
        } catch (final RuntimeException e) {
            return Constants.DEFAULT_HTTP_CHARSET;
        }
    }

    @Override
    public String header(final String name) {
        return packet.getHeader(name);
    }

    @Override
    public Connection<?> connection() {
        return packet.getConnection();
    }

    @Override
    public String target() {
        return (packet.isSecure() ? "https" : "http") + "://" + packet.getLocalName() + ":" + packet.getLocalPort()
                + packet.getRequestURI();
    }

    @Override
    public String client() {
        return connection().getPeerAddress() instanceof InetSocketAddress peer
                ? peer.getAddress().getHostAddress() + ":" + peer.getPort() : String.valueOf(connection().getPeerAddress());
    }
}
