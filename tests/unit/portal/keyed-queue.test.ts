import { describe, expect, it } from "vitest";
import { KeyedQueue } from "~/services/keyed-queue.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("KeyedQueue", () => {
  it("runs the tasks of one key one after another, in order, and those of other keys meanwhile", async () => {
    const queue = new KeyedQueue<number>();
    const log: string[] = [];
    const gate = deferred();
    const first = queue.run(1, async () => {
      log.push("1a start");
      await gate.promise;
      log.push("1a end");
      return "a";
    });
    const second = queue.run(1, async () => {
      log.push("1b");
      return "b";
    });
    const other = queue.run(2, async () => {
      log.push("2");
      return "c";
    });
    expect(await other).toBe("c");
    expect(log).toEqual(["1a start", "2"]);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual(["a", "b"]);
    expect(log).toEqual(["1a start", "2", "1a end", "1b"]);
  });

  it("goes on after a failed task, and forgets a key once its work is done", async () => {
    const queue = new KeyedQueue<string>();
    const failed = queue.run("org", async () => {
      throw new Error("refusé");
    });
    const next = queue.run("org", async () => "suivant");
    await expect(failed).rejects.toThrow("refusé");
    expect(await next).toBe("suivant");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queue.size).toBe(0);
  });
});
