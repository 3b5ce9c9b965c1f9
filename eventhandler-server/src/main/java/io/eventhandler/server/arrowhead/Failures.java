package io.eventhandler.server.arrowhead;

import io.eventhandler.server.http.AsyncResponses;

import java.util.concurrent.CompletionException;

/** Reading the failures of chained futures: what actually went wrong, and what status a core system answered. */
final class Failures {

    private Failures() {
    }

    /** The failure inside any {@link CompletionException}/{@link java.util.concurrent.ExecutionException} wrappers. */
    static Throwable unwrap(final Throwable failure) {
        return AsyncResponses.unwrap(failure);
    }

    /** The HTTP status a core system answered, or 0 if none answered. */
    static int status(final Throwable failure) {
        return unwrap(failure) instanceof CoreSystemException e ? e.status() : 0;
    }

    /** Rethrowable inside a future's stage without wrapping twice. */
    static CompletionException propagate(final Throwable failure) {
        return failure instanceof CompletionException completion ? completion : new CompletionException(failure);
    }

    /** One line for a log: the core system's answer, or the transport failure's type and message. */
    static String describe(final Throwable failure) {
        final Throwable cause = unwrap(failure);
        return cause instanceof CoreSystemException ? cause.getMessage()
                : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}
