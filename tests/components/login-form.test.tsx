// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { LoginForm, type LoginFormProps } from "~/components/auth/LoginForm";

afterEach(cleanup);

function renderForm(props: LoginFormProps, onSubmit?: (form: FormData) => void) {
  const Stub = createRemixStub([
    {
      path: "/connexion",
      Component: () => <LoginForm {...props} />,
      action: async ({ request }) => {
        onSubmit?.(await request.formData());
        return null;
      },
    },
  ]);
  return render(<Stub initialEntries={["/connexion"]} />);
}

describe("LoginForm", () => {
  it("labels its fields in French and ties each error to its field", () => {
    renderForm({
      errors: { login: "Saisissez votre identifiant.", password: "Saisissez votre mot de passe." },
      defaultLogin: "",
      redirectTo: null,
    });
    const login = screen.getByLabelText("Identifiant (adresse e-mail)");
    expect(login.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(login.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Saisissez votre identifiant.");
    const password = screen.getByLabelText("Mot de passe");
    expect(document.getElementById(password.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Saisissez votre mot de passe.");
  });

  it("announces a refusal of the whole form and keeps the login typed", () => {
    renderForm({ errors: { form: "Identifiant ou mot de passe incorrect." }, defaultLogin: "a@b.fr", redirectTo: null });
    expect(screen.getByRole("alert").textContent).toBe("Identifiant ou mot de passe incorrect.");
    expect((screen.getByLabelText("Identifiant (adresse e-mail)") as HTMLInputElement).value).toBe("a@b.fr");
  });

  it("posts the credentials and the page to go back to", async () => {
    let posted: FormData | null = null;
    renderForm({ errors: null, defaultLogin: "", redirectTo: "/mon-compte" }, (form) => (posted = form));
    await userEvent.type(screen.getByLabelText("Identifiant (adresse e-mail)"), "client@voilerie-atlantique.fr");
    await userEvent.type(screen.getByLabelText("Mot de passe"), "demo1234");
    await userEvent.click(screen.getByRole("button", { name: "Se connecter" }));
    await screen.findByRole("button", { name: "Se connecter" });
    const form = posted as FormData | null;
    expect(form?.get("login")).toBe("client@voilerie-atlantique.fr");
    expect(form?.get("password")).toBe("demo1234");
    expect(form?.get("redirectTo")).toBe("/mon-compte");
  });
});
