package io.mqprobe.embedded.isolation;

/** The one way this package stops a daemon thread it started. */
final class Daemons {

    /** Long enough for a sweep or a look to end; a daemon that takes longer ends with the JVM. */
    private static final long JOIN_MS = 1_000;

    private Daemons() {
    }

    /** Interrupts {@code daemon} and waits a moment for it to end, unless it is the caller. */
    static void stop(Thread daemon) {
        daemon.interrupt();
        if (Thread.currentThread() != daemon) {
            try {
                daemon.join(JOIN_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
