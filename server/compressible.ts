/**
 * The built files that get compressed copies (`file.br`, `file.gz`): scripts/precompress.ts
 * writes them at build time, bff/http/precompressed.ts serves them. Here, below both, so the
 * BFF does not import the build script. Only text formats: images, fonts and sound are
 * compressed already. HTML is left out: the BFF writes the page itself (index.html serving).
 */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|map|wasm)$/;
