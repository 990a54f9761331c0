import { describe, expect, it } from "vitest";
import { QUOTE_STATES, type QuoteState } from "@shared/contracts/quotes";
import {
  QUOTE_ACTION_TARGET,
  isProposalValid,
  latestValidity,
  mayAct,
  quoteActionRefusal,
  quoteActionsFor,
  quoteNumberOf,
  quoteStateOn,
  waitingFor,
} from "@shared/domain/quotes";

describe("quotes' lifecycle rules", () => {
  it("gives each side its actions in each state", () => {
    const table = Object.fromEntries(
      QUOTE_STATES.map((state) => [state, { client: quoteActionsFor("client", state), commercial: quoteActionsFor("commercial", state) }]),
    );
    expect(table).toEqual({
      demandé: { client: ["message", "cancel"], commercial: ["start_study", "ask_information", "propose", "message", "cancel"] },
      "en cours d'étude": { client: ["message", "cancel"], commercial: ["ask_information", "propose", "message", "cancel"] },
      "informations demandées": { client: ["answer", "message", "cancel"], commercial: ["message", "cancel"] },
      complété: { client: ["message", "cancel"], commercial: ["ask_information", "propose", "message", "cancel"] },
      proposé: { client: ["accept", "refuse", "message", "cancel"], commercial: ["propose", "message", "cancel"] },
      accepté: { client: ["message"], commercial: ["message"] },
      refusé: { client: [], commercial: [] },
      expiré: { client: [], commercial: [] },
      annulé: { client: [], commercial: [] },
    });
  });

  it("says where each action leads", () => {
    expect(QUOTE_ACTION_TARGET).toEqual({
      start_study: "en cours d'étude",
      ask_information: "informations demandées",
      answer: "complété",
      propose: "proposé",
      accept: "accepté",
      refuse: "refusé",
      cancel: "annulé",
    });
    expect(mayAct("commercial", "proposé", "accept")).toBe(false);
    expect(mayAct("client", "demandé", "propose")).toBe(false);
  });

  it("reads a proposal past its validity as « expiré », the validity day itself included as valid", () => {
    expect(quoteStateOn("proposé", "2026-11-20", "2026-11-20")).toBe("proposé");
    expect(quoteStateOn("proposé", "2026-11-20", "2026-11-21")).toBe("expiré");
    expect(quoteStateOn("accepté", "2026-11-20", "2026-12-21")).toBe("accepté");
    expect(quoteStateOn("demandé", null, "2026-12-21")).toBe("demandé");
    // A proposal without a validity date does not expire.
    expect(quoteStateOn("proposé", null, "2026-12-21")).toBe("proposé");
    expect([isProposalValid("2026-11-20", "2026-11-19"), isProposalValid("2026-11-20", "2026-11-21")]).toEqual([true, false]);
  });

  it("knows whose turn it is", () => {
    const turns = Object.fromEntries(QUOTE_STATES.map((state: QuoteState) => [state, waitingFor(state)]));
    expect(turns).toEqual({
      demandé: "commercial",
      "en cours d'étude": "commercial",
      "informations demandées": "client",
      complété: "commercial",
      proposé: "client",
      accepté: null,
      refusé: null,
      expiré: null,
      annulé: null,
    });
  });

  it("refuses in French, saying why", () => {
    expect(quoteActionRefusal("accept", "accepté")).toBe("Ce devis a déjà été accepté.");
    expect(quoteActionRefusal("propose", "annulé")).toBe("Ce devis a été annulé : il ne peut plus changer.");
    expect(quoteActionRefusal("accept", "expiré")).toMatch(/validité de ce devis est dépassée/);
    expect(quoteActionRefusal("refuse", "demandé")).toBe("Ce devis n'a pas de proposition à refuser.");
    expect(quoteActionRefusal("message", "refusé")).toBe("Ce devis est refusé : il ne peut plus changer.");
  });

  it("says of a closed quote that it is closed, and of an open one what its state does not allow", () => {
    expect(quoteActionRefusal("cancel", "accepté")).toBe("Ce devis est accepté : il ne peut plus changer.");
    expect(quoteActionRefusal("accept", "refusé")).toBe("Ce devis est refusé : il ne peut plus changer.");
    expect(quoteActionRefusal("start_study", "en cours d'étude")).toBe("L'étude de ce devis a déjà commencé.");
    expect(quoteActionRefusal("ask_information", "informations demandées")).toBe(
      "Des informations ne peuvent pas être demandées à ce stade du devis.",
    );
    expect(quoteActionRefusal("answer", "demandé")).toBe("Aucune information n'est demandée sur ce devis.");
    expect(quoteActionRefusal("propose", "informations demandées")).toBe(
      "Une proposition ne peut pas être faite à ce stade du devis : répondez d'abord aux informations demandées.",
    );
    expect(quoteActionRefusal("accept", "demandé")).toBe("Ce devis n'a pas de proposition à accepter.");
  });

  it("bounds a validity to one year and numbers quotes on six digits", () => {
    expect(latestValidity("2026-11-24")).toBe("2027-11-24");
    expect(latestValidity("2028-02-29")).toBe("2029-02-28");
    expect(latestValidity("2026-02-10")).toBe("2027-02-10");
    expect(latestValidity("2026-03-29")).toBe("2027-03-29");
    expect(quoteNumberOf(2026, 123)).toBe("DV-2026-000123");
  });
});
