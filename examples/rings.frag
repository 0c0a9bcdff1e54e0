// A procedural pattern from the pixel position alone: concentric rings around the image centre.
uniform vec2 resolution;
uniform float time;
in vec2 texCoord;
out vec4 fragColor;

void main() {
    vec2 p = gl_FragCoord.xy - resolution * 0.5;
    float d = length(p) / 16.0 - time;
    float ring = step(0.5, fract(d));
    vec3 warm = vec3(0.95, 0.55, 0.2);
    vec3 cool = vec3(0.1, 0.25, 0.5);
    fragColor = vec4(mix(cool, warm, ring), 1.0);
}
