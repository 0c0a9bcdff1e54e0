package dev.csir.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Reading input files and deciding what they hold, with messages that name the file. */
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
            throw new InputException(file + ": cannot read (" + OutputFiles.reason(e) + ")");
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

    static String extension(Path file) {
        String n = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1);
    }

    static boolean isCsi(Path file) {
        return extension(file).equals("csi");
    }

    /** The stage of a source file: the forced one, else what its extension names. */
    static Optional<SourceStage> stageOf(Path file, SourceStage forced) {
        return forced != null ? Optional.of(forced) : SourceStage.ofExtension(extension(file));
    }

    /** Why a file's stage is unknown, for a usage error that says what to do. */
    static String unknownStage(Path file) {
        if (extension(file).equals("glsl")) {
            return file + ": a .glsl file does not say its stage; give --stage " + SourceStage.NAMES;
        }
        return "cannot tell the stage of " + file + " from its extension (" + SourceStage.EXTENSIONS
                + "); give --stage " + SourceStage.NAMES;
    }
}
