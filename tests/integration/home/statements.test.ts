// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { createElement, type ComponentType } from "react";
import { afterEach, describe, expect, it } from "vitest";
import AccessibilityPage, * as accessibility from "~/routes/accessibilite";
import LegalNoticePage, * as legalNotice from "~/routes/mentions-legales";
import PrivacyPage, * as privacy from "~/routes/politique-de-confidentialite";
import type { PortalLoadContext } from "~/services/context.server";
import { createPortalLoadContext, createPortalServices } from "~/services/context.server";
import { callRoute, pageRequest } from "../portal/harness";

/**
 * The accessibility statement (RGAA 4.1 wording) and the privacy page's analytics section:
 * their words; the statement, the legal notice and the privacy page are open to visitors
 * (decisions 0031, 0187).
 */

afterEach(cleanup);

function renderPage(Page: ComponentType, loader?: () => { member: null }) {
  const Stub = createRemixStub([{ path: "/", Component: Page, loader }]);
  return render(createElement(Stub));
}

function visitorContext(): PortalLoadContext {
  const services = createPortalServices({
    upstreamUrl: "http://127.0.0.1:9",
    sessionSecret: "test-secret-0123456789-abcdefghijklmnop",
    secureCookies: false,
  });
  return createPortalLoadContext(services, { requestId: "statements", cspNonce: "nonce" });
}

describe("/accessibilite", () => {
  it("states the conformity level, the tests run, how to report a barrier and the remedies", async () => {
    renderPage(AccessibilityPage, () => ({ member: null }));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Déclaration d'accessibilité");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      "État de conformité",
      "Résultats des tests",
      "Contenus non accessibles",
      "Établissement de cette déclaration d'accessibilité",
      "Retour d'information et contact",
      "Voies de recours",
    ]);
    const text = document.body.textContent ?? "";
    expect(text).toContain("partiellement conforme avec le référentiel général d'amélioration de l'accessibilité (RGAA), version 4.1");
    expect(text).toContain("axe-core dans le navigateur Chromium");
    expect(text).toContain("clavier seul");
    expect(text).toContain("lecteur d'écran");
    expect(screen.getByRole("link", { name: "formulaire de contact" }).getAttribute("href")).toBe("/nous-contacter");
    expect(screen.getByRole("link", { name: "accessibilite@nautidistrib.fr" }).getAttribute("href")).toBe(
      "mailto:accessibilite@nautidistrib.fr",
    );
    expect(screen.getByRole("link", { name: "Défenseur des droits" }).getAttribute("href")).toBe(
      "https://formulaire.defenseurdesdroits.fr/",
    );
    expect(text).toContain("Libre réponse 71120");
  });

  it("is open to a visitor, in the public frame, as RGAA wants it reachable from every page", async () => {
    const answer = await callRoute(accessibility.loader, pageRequest("/accessibilite"), visitorContext());
    expect(answer).toEqual({ member: null });
  });
});

describe("/politique-de-confidentialite", () => {
  it("keeps its content and says what the analytics count, without cookie, 25 months at most, and how to object", async () => {
    renderPage(PrivacyPage, () => ({ member: null }));
    await screen.findByRole("heading", { level: 1, name: "Politique de confidentialité" });
    expect(screen.getByRole("heading", { level: 2, name: "Vos droits" })).not.toBeNull();
    // The MMSI certificates' retention, as the back-office's purge applies it (decision 0142).
    const certificates = document.getElementById("certificats-mmsi")?.textContent ?? "";
    expect(certificates).toContain("supprimés aussitôt quand la ligne est retirée ou le certificat détaché");
    expect(certificates).toContain("24 heures");
    expect(certificates).toContain("12 mois après cette commande");
    const section = screen.getByRole("region", { name: "Mesure d'audience sans cookie" });
    const text = section.textContent ?? "";
    expect(text).toContain("sans cookie");
    expect(text).toContain("25 mois au plus");
    expect(text).toContain("ni votre identifiant, ni votre organisation, ni votre adresse IP");
    expect(text).toContain("change chaque jour");
    expect(text).toContain("Global Privacy Control");
    // What the public forms collect and why, where they link (decision 0187).
    const forms = document.getElementById("formulaires-publics")?.textContent ?? "";
    expect(forms).toContain("contact, demande d'ouverture de compte, mot de passe oublié");
    expect(forms).toContain("Ils ne servent à aucune prospection.");
  });

  it("is open to a visitor, in the public frame (decision 0187)", async () => {
    const answer = await callRoute(privacy.loader, pageRequest("/politique-de-confidentialite"), visitorContext());
    expect(answer).toEqual({ member: null });
  });
});

describe("/mentions-legales", () => {
  it("is open to a visitor, in the public frame, with the publisher's identity and the footer's legal links (decision 0187)", async () => {
    const answer = await callRoute(legalNotice.loader, pageRequest("/mentions-legales"), visitorContext());
    expect(answer).toEqual({ member: null });
    renderPage(LegalNoticePage, () => ({ member: null }));
    await screen.findByRole("heading", { level: 1, name: "Mentions légales" });
    const footer = screen.getByRole("contentinfo");
    expect(footer.querySelector('a[href="/mentions-legales"]')?.textContent).toBe("Mentions légales");
    expect(footer.querySelector('a[href="/politique-de-confidentialite"]')?.textContent).toBe("Politique de confidentialité");
  });
});
