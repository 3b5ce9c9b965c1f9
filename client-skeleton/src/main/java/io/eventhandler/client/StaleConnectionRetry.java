package io.eventhandler.client;

import java.io.IOException;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.util.TimeValue;

/**
 * Sends a request once more, at once, when the server closed the connection without any answer. That is what a
 * pooled keep-alive connection does after the Event Handler restarted or dropped it within the pool's validation
 * interval: the request never reached a live server, so repeating it (even a publish) does not duplicate it.
 * Any other failure, and every HTTP answer, is left to the caller.
 */
final class StaleConnectionRetry implements HttpRequestRetryStrategy {

    static final StaleConnectionRetry INSTANCE = new StaleConnectionRetry();

    private StaleConnectionRetry() {
    }

    @Override
    public boolean retryRequest(final HttpRequest request, final IOException exception, final int execCount,
                                final HttpContext context) {
        return execCount <= 1 && exception instanceof NoHttpResponseException;
    }

    @Override
    public boolean retryRequest(final HttpResponse response, final int execCount, final HttpContext context) {
        return false;
    }

    @Override
    public TimeValue getRetryInterval(final HttpResponse response, final int execCount, final HttpContext context) {
        return TimeValue.ZERO_MILLISECONDS;
    }
}
