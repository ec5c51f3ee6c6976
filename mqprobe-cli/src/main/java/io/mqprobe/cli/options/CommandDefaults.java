package io.mqprobe.cli.options;

import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.Map;

/**
 * A command's own defaults for options it shares with other commands (picocli default provider). Each shared
 * option is declared once, in its mixin, with the house default; a command that needs another one names it here,
 * and its {@code --help} shows that value ({@code ${DEFAULT-VALUE}} reads the provider).
 */
public abstract class CommandDefaults implements IDefaultValueProvider {

    private final Map<String, String> byOption;

    /** @param byOption an option's longest name ({@code --partitions}) and the default it takes in this command */
    protected CommandDefaults(Map<String, String> byOption) {
        this.byOption = Map.copyOf(byOption);
    }

    /** The options this command gives defaults of its own (a test holds them to options the command has). */
    public final Map<String, String> byOption() {
        return byOption;
    }

    @Override
    public final String defaultValue(ArgSpec arg) {
        return arg instanceof OptionSpec option ? byOption.get(option.longestName()) : null;
    }
}
