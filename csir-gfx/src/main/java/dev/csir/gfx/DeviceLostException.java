package dev.csir.gfx;

/**
 * The backend's connection or context became unusable (dropped by the server, or poisoned by a
 * shader the host could not compile). The device reconnects on its next operation; everything it
 * had uploaded is uploaded again.
 */
public class DeviceLostException extends GfxException {
    public DeviceLostException(String message) {
        super(message);
    }

    public DeviceLostException(String message, Throwable cause) {
        super(message, cause);
    }
}
