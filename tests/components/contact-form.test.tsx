// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ContactForm } from "~/components/contact/ContactForm";
import type { ContactPageView } from "~/services/contact/types";

afterEach(cleanup);

function renderForm(signedIn: boolean) {
  const view: ContactPageView = { subjects: [{ value: "autre", label: "Autre" }], values: {}, signedIn, maxMessageLength: 5000 };
  const Stub = createRemixStub([{ path: "/nous-contacter", Component: () => <ContactForm view={view} refusal={null} /> }]);
  return render(<Stub initialEntries={["/nous-contacter"]} />);
}

function emailHint(): string {
  const email = screen.getByLabelText("Adresse e-mail");
  return (email.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

describe("ContactForm: the copy of the message", () => {
  it("promises a visitor no copy (the address typed only gets the answer)", async () => {
    renderForm(false);
    await screen.findByLabelText("Adresse e-mail");
    expect(emailHint()).toContain("Nous vous répondons à cette adresse.");
    expect(emailHint()).not.toMatch(/copie/);
  });

  it("tells a signed-in user the copy goes to the account's own address", async () => {
    renderForm(true);
    await screen.findByLabelText("Adresse e-mail");
    expect(emailHint()).toContain("une copie de votre message part à l'adresse de votre compte");
  });
});
