package dev.csir.link;

import dev.csir.ir.Stage;

/** A sampler of a linked program: name, stage and sampler slot (one record per declaring stage). */
public record SamplerInfo(String name, Stage stage, int slot) {
}
