// Entry of the PGlite worker thread: a worker does not inherit the parent's TypeScript loader,
// so it registers tsx itself, then loads the worker written in TypeScript like the rest.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");
