import { describe, expect, it } from "vitest";
import { DELIVERY_COUNTRIES, countryChoices, countryName } from "@shared/domain/countries";

/** Issue 24: addresses show « France », never « FR »; forms still send the ISO code. */
describe("country names", () => {
  it("names the delivery countries in French, whatever the code's case", () => {
    expect(countryName("FR")).toBe("France");
    expect(countryName(" mq ")).toBe("Martinique");
    // The carrier's name, where Intl has another (« Guyane française »).
    expect(countryName("GF")).toBe("Guyane");
    expect(DELIVERY_COUNTRIES[0]).toEqual({ code: "FR", name: "France" });
  });

  it("names any other country by Intl, and leaves what is no code as it is", () => {
    expect(countryName("SE")).toBe("Suède");
    expect(countryName("France")).toBe("France");
  });

  it("adds the current value to the choices only when the list lacks it", () => {
    expect(countryChoices("FR")).toBe(DELIVERY_COUNTRIES);
    expect(countryChoices("")).toBe(DELIVERY_COUNTRIES);
    expect(countryChoices(" fr ")).toBe(DELIVERY_COUNTRIES);
    expect(countryChoices("se").at(-1)).toEqual({ code: "SE", name: "Suède" });
    expect(countryChoices("se")).toHaveLength(DELIVERY_COUNTRIES.length + 1);
  });
});
