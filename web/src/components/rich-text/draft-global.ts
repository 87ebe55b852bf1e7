/**
 * draft-js 0.11.7 reaches `setImmediate` through fbjs as `global.setImmediate` (Node's name for the
 * global object), which browsers do not define and the bundler leaves as it is: without this the
 * editor's chunk throws "global is not defined" as it loads. Imported before that chunk.
 */
const scope = globalThis as { global?: typeof globalThis }
scope.global ??= globalThis
export {}
