package io.eventhandler.server.sse;

import org.glassfish.grizzly.Connection;
import org.glassfish.grizzly.http.server.Request;

/** A stream request as the HTTP server parsed it. */
record ServerStreamRequest(Request request) implements StreamRequest {

    @Override
    public String parameter(final String name) {
        return request.getParameter(name);
    }

    @Override
    public String header(final String name) {
        return request.getHeader(name);
    }

    @Override
    public Connection<?> connection() {
        return request.getContext().getConnection();
    }

    @Override
    public String target() {
        final StringBuilder url = request.getRequestURL();
        final int last = url.length() - 1;
        if (last > 0 && url.charAt(last) == '/') {
            url.setLength(last);
        }
        return url.toString();
    }

    @Override
    public String client() {
        return request.getRemoteAddr() + ":" + request.getRemotePort();
    }
}
