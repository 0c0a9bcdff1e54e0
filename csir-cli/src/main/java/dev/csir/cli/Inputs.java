package dev.csir.cli;

import dev.csir.ir.Stage;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Reading input files and deciding their stage, with messages that name the file. */
final class Inputs {
    /** Inputs larger than this are refused before reading (no shader or CSI blob comes close). */
    static final long MAX_INPUT_BYTES = 16L << 20;

    private Inputs() {
    }

    /** Thrown for an input that cannot be read; the message is ready for the user. */
    static final class InputException extends Exception {
        private static final long serialVersionUID = 1L;

        InputException(String message) {
            super(message);
        }
    }

    static byte[] readBytes(Path file) throws InputException {
        try {
            if (Files.isDirectory(file)) {
                throw new InputException(file + ": is a directory");
            }
            if (Files.size(file) > MAX_INPUT_BYTES) {
                throw new InputException(file + ": file too large (over " + (MAX_INPUT_BYTES >> 20) + " MiB)");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file");
        } catch (IOException e) {
            throw new InputException(file + ": cannot read (" + e.getMessage() + ")");
        }
    }

    static String readText(Path file) throws InputException {
        byte[] bytes = readBytes(file);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new InputException(file + ": not UTF-8 text");
        }
    }

    /** What a file name says about its content. */
    enum Kind { VERTEX, FRAGMENT, OTHER_STAGE, CSI, UNKNOWN }

    static Kind kindOf(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        String ext = dot < 0 ? "" : n.substring(dot + 1);
        return switch (ext) {
            case "vert", "vs" -> Kind.VERTEX;
            case "frag", "fs" -> Kind.FRAGMENT;
            case "geom", "gs", "tesc", "tese", "comp" -> Kind.OTHER_STAGE;
            case "csi" -> Kind.CSI;
            default -> Kind.UNKNOWN;
        };
    }

    /** Parses a --stage value. */
    static Optional<Stage> stageNamed(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "vert", "vertex", "vs" -> Optional.of(Stage.VERTEX);
            case "frag", "fragment", "fs" -> Optional.of(Stage.FRAGMENT);
            default -> Optional.empty();
        };
    }
}
