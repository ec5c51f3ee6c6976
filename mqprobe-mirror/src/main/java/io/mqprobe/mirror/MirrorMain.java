package io.mqprobe.mirror;

import io.mqprobe.embedded.OrphanGuard;

import java.lang.reflect.InvocationTargetException;

/**
 * Main class of the MirrorMaker 2 child JVM: installs the orphan guard, then runs MirrorMaker 2 in dedicated
 * mode ({@code org.apache.kafka.connect.mirror.MirrorMaker <mm2.properties>}). Arguments after the guard's:
 * {@code <mm2.properties>}.
 */
public final class MirrorMain {

    private MirrorMain() {
    }

    public static void main(String[] guardedArgs) throws Throwable {
        String[] args = OrphanGuard.install(guardedArgs);
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: MirrorMain <watchedPid> <detachedMarker> <mm2.properties>");
        }
        // connect-mirror is a runtime-only dependency: nothing in mqprobe compiles against it
        try {
            Class.forName("org.apache.kafka.connect.mirror.MirrorMaker").getMethod("main", String[].class)
                    .invoke(null, (Object) new String[]{args[0]});
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
