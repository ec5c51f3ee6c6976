package io.mqprobe.embedded;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The java binary and class path of this JVM, for the child JVMs mqprobe starts (brokers, load workers). */
public final class ChildJava {

    private ChildJava() {
    }

    public static String binary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** This JVM's class path, absolute: a child may start in another directory. */
    public static String classPath() {
        return absolute(System.getProperty("java.class.path"));
    }

    /** Every entry of {@code classPath} made absolute ({@code lib/*} stays a wildcard). */
    static String absolute(String classPath) {
        return Arrays.stream(classPath.split(File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(entry -> entry.endsWith("*")
                        ? Path.of(entry.substring(0, entry.length() - 1)).toAbsolutePath() + File.separator + "*"
                        : Path.of(entry).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator));
    }
}
