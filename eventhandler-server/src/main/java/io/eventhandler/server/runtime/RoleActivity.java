package io.eventhandler.server.runtime;

/**
 * One role of the {@link Runner} at a moment.
 *
 * @param role     the role, which names its threads
 * @param threads  threads of the role alive now
 * @param rounds   loop rounds or tasks finished
 * @param stalls   those that ran longer than the role's stall bound
 * @param failures rounds or tasks that ended with an unexpected exception (logged)
 * @param stalled  whether one is running longer than the stall bound now
 * @param deaths   threads of the role that ended on an error, and periodic tasks that stopped on a failure: health is
 *                 DOWN while any role has one
 */
public record RoleActivity(String role, int threads, long rounds, long stalls, long failures, boolean stalled,
                           long deaths) {
}
