#version 330 core
// Blinn-Phong: a moving light, a tinted highlight, a rim and a distance falloff.
in vec3 worldNormal;
in vec3 worldPos;
uniform float time;
out vec4 fragColor;

void main() {
    vec3 lightPos = vec3(3.0 * sin(time), 3.0, 3.0 * cos(time));
    vec3 n = normalize(worldNormal);
    vec3 l = normalize(lightPos - worldPos);
    vec3 v = normalize(vec3(0.0, 0.0, 4.0) - worldPos);
    vec3 h = normalize(l + v);
    float diffuse = max(dot(n, l), 0.0);
    vec3 specular = pow(vec3(max(dot(n, h), 0.0)), vec3(48.0, 32.0, 16.0));
    float falloff = 1.0 / (1.0 + 0.05 * length(lightPos - worldPos));
    vec3 base = mix(vec3(0.2, 0.4, 0.9), vec3(0.9, 0.5, 0.2), diffuse * falloff);
    vec3 rim = vec3(0.3) * pow(1.0 - max(dot(n, v), 0.0), 3.0);
    fragColor = vec4((0.1 + diffuse * falloff) * base + specular + rim, 1.0);
}
