package io.eventhandler.server.http;

import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * Completes a suspended Jersey request from a future, so that the worker thread is not held while the database or a
 * core system answers. Failures go through the same exception mappers as synchronous ones.
 */
public final class AsyncResponses {

    private AsyncResponses() {
    }

    public static <T> void resume(final AsyncResponse async, final CompletableFuture<T> future,
                                  final Function<T, Response> answer) {
        future.whenComplete((value, failure) -> {
            if (failure == null) {
                async.resume(answer.apply(value));
            } else {
                async.resume(unwrap(failure));
            }
        });
    }

    /** The failure itself, not the wrapper a future stage put around it. */
    public static Throwable unwrap(final Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
