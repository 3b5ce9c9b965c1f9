package io.eventhandler.server.runtime;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Daemon threads named {@code prefix-N}, so thread dumps say which pool a thread belongs to. */
public final class NamedThreadFactory implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();

    public NamedThreadFactory(final String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(final Runnable task) {
        final Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    }
}
