import { describe, expect, it } from "vitest";
import { workerEntry } from "../../../server/backoffice/db/pglite-thread";

/** Decision 0209: the PGlite thread starts from the sources through tsx, and from its compiled file in build/server/. */
describe("the PGlite worker thread's entry", () => {
  it("is the tsx boot file beside the TypeScript sources", () => {
    expect(workerEntry("file:///app/server/backoffice/db/pglite-thread.ts").href).toBe(
      "file:///app/server/backoffice/db/pglite-worker-boot.mjs",
    );
  });

  it("is the compiled worker beside a compiled bundle or chunk", () => {
    expect(workerEntry("file:///app/build/server/chunk-ABC123.js").href).toBe("file:///app/build/server/pglite-worker.js");
  });
});
