// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { Form, Link } from "@remix-run/react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewVersionNotice, type NewVersionNoticeProps } from "~/components/NewVersionNotice";
import { Notifications } from "~/components/ui/Notifications";

/**
 * The new-version notice (decision 0126) in a page: nothing while the build is the same; once
 * the latest-build file names another build, « Nouvelle version disponible », and the next link
 * followed is a full load of its page (query and hash kept), but a half-filled form is left as
 * it is and the checkout's links stay client-side; a chunk that fails to load reloads once per 10 s.
 */

afterEach(cleanup);
beforeEach(() => {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL("https://portail.test/catalogue");
});

function renderPortal(props: NewVersionNoticeProps, initial = "/catalogue") {
  const Page = ({ title }: { title: string }) => (
    <>
      <h1>{title}</h1>
      <Link to="/mon-compte/commandes?statut=livrée#liste">Mes commandes</Link>
      <Link to="/commander/consignes">Étape suivante</Link>
      <Form method="post">
        <label>
          Message <input name="message" />
        </label>
      </Form>
      <Notifications flash={null} />
      <NewVersionNotice {...props} />
    </>
  );
  const Stub = createRemixStub([
    { path: "/catalogue", Component: () => <Page title="Catalogue" /> },
    { path: "/mon-compte/commandes", Component: () => <Page title="Commandes" /> },
    { path: "/commander/livraison", Component: () => <Page title="Livraison" /> },
    { path: "/commander/consignes", Component: () => <Page title="Consignes" /> },
  ]);
  return render(<Stub initialEntries={[initial]} />);
}

function latestBuild(version: () => string) {
  return vi.fn(async (input: RequestInfo | URL) =>
    String(input).startsWith("/build/version.json") ? Response.json({ version: version() }) : new Response("", { status: 404 }),
  ) as unknown as typeof fetch;
}

describe("NewVersionNotice", () => {
  it("stays silent while the build is the same, then says so and loads the next page as a document", async () => {
    let latest = "v1";
    let time = 0;
    const loadDocument = vi.fn();
    const fetchImpl = latestBuild(() => latest);
    renderPortal({ fetchImpl, version: "v1", now: () => time, loadDocument });
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("Nouvelle version disponible")).toBeNull();

    // A half-filled form: the notice comes without touching it.
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Livraison avant 10 h" } });
    latest = "v2";
    time += 31_000;
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(screen.getByText("Nouvelle version disponible")).not.toBeNull());
    expect(screen.getByRole("status").textContent).toContain("prochain changement de page");
    expect((screen.getByLabelText("Message") as HTMLInputElement).value).toBe("Livraison avant 10 h");
    expect(loadDocument).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("link", { name: "Mes commandes" }));
    expect(loadDocument).toHaveBeenCalledWith("https://portail.test/mon-compte/commandes?statut=livr%C3%A9e#liste");
    // The client-side navigation did not happen: the document load takes over.
    expect(screen.getByRole("heading").textContent).toBe("Catalogue");
  });

  it("follows links client-side while no new build is known", async () => {
    const loadDocument = vi.fn();
    renderPortal({ fetchImpl: latestBuild(() => "v1"), version: "v1", now: () => 0, loadDocument });
    fireEvent.click(screen.getByRole("link", { name: "Mes commandes" }));
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("Commandes"));
    expect(loadDocument).not.toHaveBeenCalled();
  });

  it("never reloads inside the checkout", async () => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL("https://portail.test/commander/livraison");
    const loadDocument = vi.fn();
    renderPortal({ fetchImpl: latestBuild(() => "v2"), version: "v1", now: () => 0, loadDocument }, "/commander/livraison");
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(screen.getByText("Nouvelle version disponible")).not.toBeNull());
    fireEvent.click(screen.getByRole("link", { name: "Étape suivante" }));
    await waitFor(() => expect(screen.getByRole("heading").textContent).toBe("Consignes"));
    expect(loadDocument).not.toHaveBeenCalled();
  });

  it("asks nothing when the page's build is unknown", async () => {
    const fetchImpl = latestBuild(() => "v2");
    renderPortal({ fetchImpl, version: null, now: () => 0 });
    await act(async () => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("reloads the page once per 10 s when a script chunk fails to load", async () => {
    const stamps = new Map<string, string>();
    const storage = () => ({
      getItem: (key: string) => stamps.get(key) ?? null,
      setItem: (key: string, value: string) => void stamps.set(key, value),
    });
    const reload = vi.fn();
    let time = 50_000;
    renderPortal({ fetchImpl: latestBuild(() => "v1"), version: "v1", now: () => time, reload, storage });
    const chunkFailure = () =>
      new ErrorEvent("error", {
        error: new TypeError("Failed to fetch dynamically imported module: https://portail.test/build/routes/x-ABC.js"),
      });
    act(() => void window.dispatchEvent(chunkFailure()));
    act(() => void window.dispatchEvent(chunkFailure()));
    expect(reload).toHaveBeenCalledTimes(1);
    time += 10_000;
    act(() => void window.dispatchEvent(chunkFailure()));
    expect(reload).toHaveBeenCalledTimes(2);
    act(() => void window.dispatchEvent(new ErrorEvent("error", { error: new Error("autre chose") })));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
