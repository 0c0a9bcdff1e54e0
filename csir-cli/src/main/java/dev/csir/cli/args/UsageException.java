package dev.csir.cli.args;

/**
 * A wrong command line: an unknown option, a missing argument, a malformed value. The message
 * names what was wrong; the command prints it and exits with the usage status. Value parsers
 * throw it with the reason alone, and {@link ArgParser} puts the option's name in front.
 */
public final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
