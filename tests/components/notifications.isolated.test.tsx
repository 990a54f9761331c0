// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Notifications } from "~/components/ui/Notifications";

afterEach(cleanup);

describe("Notifications", () => {
  // First in this file: sonner is not loaded yet (each test file has its own modules).
  it("loads no toaster on a page without a message", async () => {
    await act(async () => {
      render(<Notifications flash={null} />);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(document.querySelector("section[aria-label^='Notifications']")).toBeNull();
  });

  // sonner comes with the first toast (decision 0082): until the toaster is there the server's
  // status region carries the message, so it is never lost in between.
  it("keeps the server's status region until the toaster is loaded, then shows the message as a toast", async () => {
    await act(async () => {
      render(<Notifications flash={{ type: "success", message: "Bienvenue, Voilerie Atlantique." }} />);
    });
    await waitFor(() => expect(document.querySelector(".toast--success")?.textContent).toContain("Bienvenue, Voilerie Atlantique."));
    expect(document.querySelector(".flash")).toBeNull();
    expect(screen.getByRole("button", { name: "Fermer la notification" }).closest(".toast--success")).not.toBeNull();
  });

  it("renders the message in a status region before the toaster is there (server and first render)", () => {
    const { container } = render(<Notifications flash={{ type: "error", message: "Commande refusée." }} />);
    const region = container.querySelector(".flash--error");
    expect(region?.getAttribute("role")).toBe("status");
    expect(region?.textContent).toBe("Commande refusée.");
  });
});
