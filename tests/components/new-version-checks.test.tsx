// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { createVersionChecker } from "~/lib/new-version/checker";
import { isChunkLoadError, reloadAfterChunkFailure } from "~/lib/new-version/chunk-reload";
import { checkLatestBuild } from "~/lib/new-version/latest-build";
import { documentLoadFor } from "~/lib/new-version/navigation";

/** The pieces of the new-version notice (app/lib/new-version/, decision 0126), on a given clock and fetch. */

type Answer = Response | Error;

/** A fetch answering by path; records what was asked. */
function scriptedFetch(answers: Record<string, Answer | (() => Answer)>) {
  const asked: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const key = Object.keys(answers).find((path) => url.startsWith(path));
    const answer = key ? answers[key]! : new Response("", { status: 404 });
    const value = typeof answer === "function" ? answer() : answer;
    if (value instanceof Error) throw value;
    return value.clone();
  }) as unknown as typeof fetch;
  return { fetchImpl, asked };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const reloadDocument = () => new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });

describe("the latest build", () => {
  it("is read from the latest-build file when there is one", async () => {
    expect(await checkLatestBuild(scriptedFetch({ "/build/version.json": json({ version: "abc123" }) }).fetchImpl, "abc123")).toBe("same");
    expect(await checkLatestBuild(scriptedFetch({ "/build/version.json": json({ version: "def456" }) }).fetchImpl, "abc123")).toBe(
      "changed",
    );
  });

  it("tolerates a 404 or 403 on the file and asks Remix's manifest instead", async () => {
    for (const status of [404, 403]) {
      const changed = scriptedFetch({ "/build/version.json": new Response("", { status }), "/__manifest": reloadDocument() });
      expect(await checkLatestBuild(changed.fetchImpl, "abc123")).toBe("changed");
      expect(changed.asked).toEqual(["/build/version.json", "/__manifest?p=%2F&version=abc123"]);
      const same = scriptedFetch({ "/build/version.json": new Response("", { status }), "/__manifest": json({}) });
      expect(await checkLatestBuild(same.fetchImpl, "abc123")).toBe("same");
    }
  });

  it("says nothing when neither answers (403 or 404 on the manifest, offline, a strange file)", async () => {
    expect(await checkLatestBuild(scriptedFetch({ "/__manifest": new Response("", { status: 403 }) }).fetchImpl, "v1")).toBe("unknown");
    expect(await checkLatestBuild(scriptedFetch({}).fetchImpl, "v1")).toBe("unknown");
    expect(
      await checkLatestBuild(
        scriptedFetch({ "/build/version.json": new TypeError("offline"), "/__manifest": new TypeError("offline") }).fetchImpl,
        "v1",
      ),
    ).toBe("unknown");
    expect(
      await checkLatestBuild(
        scriptedFetch({ "/build/version.json": json({ version: 3 }), "/__manifest": new Response("", { status: 404 }) }).fetchImpl,
        "v1",
      ),
    ).toBe("unknown");
  });
});

describe("the checks", () => {
  function setUp(answers: ("same" | "changed" | "unknown")[]) {
    let time = 0;
    let tick: (() => void) | null = null;
    const onNewVersion = vi.fn();
    const check = vi.fn(async () => answers.shift() ?? "same");
    const checker = createVersionChecker({
      check,
      onNewVersion,
      now: () => time,
      everyMs: 300_000,
      focusGapMs: 30_000,
      setInterval: (run) => {
        tick = run;
        return 1;
      },
      clearInterval: () => {
        tick = null;
      },
    });
    return { checker, check, onNewVersion, advance: (ms: number) => void (time += ms), tick: () => tick?.(), ticking: () => tick !== null };
  }

  it("asks every five minutes and on focus, not twice within 30 s, and stops at the first new build", async () => {
    const { checker, check, onNewVersion, advance, tick, ticking } = setUp(["same", "unknown", "changed"]);
    checker.start();
    await checker.focused();
    expect(check).toHaveBeenCalledTimes(1);
    advance(10_000);
    await checker.focused();
    expect(check).toHaveBeenCalledTimes(1);
    advance(290_000);
    tick();
    await checker.checkNow(); // joins the check under way
    expect(check).toHaveBeenCalledTimes(2);
    advance(31_000);
    await checker.focused();
    expect(check).toHaveBeenCalledTimes(3);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(ticking()).toBe(false);
    advance(600_000);
    await checker.focused();
    expect(check).toHaveBeenCalledTimes(3);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
  });
});

describe("the next navigation", () => {
  const here = {
    href: "https://portail.test/catalogue/antennes?page=2",
    origin: "https://portail.test",
    pathname: "/catalogue/antennes",
    search: "?page=2",
  };

  function clickOn(href: string, extra: Partial<Parameters<typeof documentLoadFor>[0]> = {}, attributes: Record<string, string> = {}) {
    const anchor = document.createElement("a");
    anchor.setAttribute("href", href);
    for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
    const inner = document.createElement("span");
    anchor.append(inner);
    return { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target: inner, ...extra };
  }

  it("loads the page a link leads to as a document, its query and hash kept", () => {
    expect(documentLoadFor(clickOn("/mon-compte/commandes?statut=livrée#liste"), here)?.href).toBe(
      "https://portail.test/mon-compte/commandes?statut=livr%C3%A9e#liste",
    );
    expect(documentLoadFor(clickOn("?page=3"), here)?.href).toBe("https://portail.test/catalogue/antennes?page=3");
  });

  it("leaves alone what is not a plain navigation of this tab to another page of the portal, and the checkout", () => {
    expect(documentLoadFor(clickOn("#filtres"), here)).toBeNull();
    expect(documentLoadFor(clickOn("/catalogue/antennes?page=2#haut"), here)).toBeNull();
    expect(documentLoadFor(clickOn("https://www.cnil.fr/"), here)).toBeNull();
    expect(documentLoadFor(clickOn("/mon-compte", { ctrlKey: true }), here)).toBeNull();
    expect(documentLoadFor(clickOn("/mon-compte", { button: 1 }), here)).toBeNull();
    expect(documentLoadFor(clickOn("/mon-compte", { defaultPrevented: true }), here)).toBeNull();
    expect(documentLoadFor(clickOn("/mon-compte", {}, { target: "_blank" }), here)).toBeNull();
    expect(documentLoadFor(clickOn("/mon-compte/factures/1.pdf", {}, { download: "" }), here)).toBeNull();
    expect(documentLoadFor(clickOn("/commander/livraison"), here)).toBeNull();
    expect(
      documentLoadFor(clickOn("/mon-panier"), {
        ...here,
        href: "https://portail.test/commander/consignes",
        pathname: "/commander/consignes",
        search: "",
      }),
    ).toBeNull();
    expect(documentLoadFor({ ...clickOn("/x"), target: document.createElement("div") }, here)).toBeNull();
  });
});

describe("a chunk that fails to load", () => {
  it("is told by its message", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://portail.test/build/routes/x-ABC.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError("TypeError: Importing a module script failed.")).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError({ message: "Failed to fetch dynamically imported module" })).toBe(false);
  });

  it("reloads the page at most once per 10 s per path", () => {
    const stamps = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stamps.get(key) ?? null,
      setItem: (key: string, value: string) => void stamps.set(key, value),
    };
    const reload = vi.fn();
    expect(reloadAfterChunkFailure("/catalogue", storage, 1_000_000, reload)).toBe(true);
    expect(reloadAfterChunkFailure("/catalogue", storage, 1_009_999, reload)).toBe(false);
    expect(reloadAfterChunkFailure("/mon-panier", storage, 1_009_999, reload)).toBe(true);
    expect(reloadAfterChunkFailure("/catalogue", storage, 1_010_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it("never reloads without a place to note it", () => {
    const reload = vi.fn();
    expect(reloadAfterChunkFailure("/catalogue", null, 0, reload)).toBe(false);
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadAfterChunkFailure("/catalogue", refusing, 0, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
