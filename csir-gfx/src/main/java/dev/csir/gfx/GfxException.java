package dev.csir.gfx;

/** A device operation failed: the message says what failed and carries the backend's context. */
public class GfxException extends Exception {
    public GfxException(String message) {
        super(message);
    }

    public GfxException(String message, Throwable cause) {
        super(message, cause);
    }
}
