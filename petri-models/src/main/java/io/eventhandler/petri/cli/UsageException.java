package io.eventhandler.petri.cli;

/** A command line the tool cannot run: exit status 2, with the message and a pointer to {@code --help}. */
final class UsageException extends Exception {

    UsageException(final String message) {
        super(message, null, false, false);
    }
}
