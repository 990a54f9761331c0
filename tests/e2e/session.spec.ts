import { expect, test } from "@playwright/test";
import { createPortalSessions } from "~/services/session.server";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { logInWithForm } from "./fixtures";

const baseUser = {
  obj_id: 1,
  obj_ref: "C0001",
  obj_name: "Voilerie Atlantique",
  obj_title: "Voilerie Atlantique",
  obj_class: "organization" as const,
  auth_org_id: 1,
  adr_zipcode: "17000",
  adr_country: "FR",
  obj_properties: {},
};

test("an expired session lands on /connexion", async ({ page, context, baseURL }) => {
  const sessions = createPortalSessions({ secret: E2E_SESSION_SECRET, secure: false });
  const user = { ...baseUser, auth_expiry: new Date(Date.now() - 60_000).toISOString() };
  const setCookie = await sessions.start({ user, master: null, token: "x".repeat(48) });
  const [name = "", value = ""] = (setCookie.split(";")[0] ?? "").split(/=(.*)/s);
  await context.addCookies([{ name, value, url: baseURL ?? "" }]);
  await page.goto("/actualites");
  await expect(page).toHaveURL(/\/connexion\?redirectTo=%2Factualites$/);
  await expect(page.getByText("Votre session a expiré. Reconnectez-vous.").first()).toBeAttached();
});

test("a session cookie edited by hand is refused", async ({ page, context }) => {
  await logInWithForm(page, "client@voilerie-atlantique.fr");
  await expect(page).toHaveURL(/\/$/);
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "portail_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  const value = session?.value ?? "";
  const flipped = `${value.slice(0, 12)}${value[12] === "A" ? "B" : "A"}${value.slice(13)}`;
  await context.addCookies([{ ...session!, value: flipped }]);
  await page.goto("/");
  await expect(page).toHaveURL(/\/connexion$/);
});

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(/Page Not Found/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByText("La page demandée n'existe pas.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
});
