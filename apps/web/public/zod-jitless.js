// The server's Content-Security-Policy has no 'unsafe-eval' (issue 18). Zod probes `new Function` when it builds
// its first schema, to decide whether to compile its parsers; under the CSP the probe fails quietly but is reported
// as a violation on every page load. Jitless mode skips the probe (parsing is the same, without the compiled fast
// path). A classic script in index.html, so it runs before the app's modules build any schema; zod reads its
// settings from this global (zod/v4/core/core.js).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
