import { describe, expect, it } from "vitest";
import { addToCartStylesheet } from "~/components/cart/AddToCartForm";
import { links } from "~/routes/_app";

describe("the default layout's links", () => {
  it("style the add-to-cart form and its modal on every page that shows them", () => {
    // Stylesheets are empty strings under vitest: compare the descriptor itself.
    expect(links()).toContain(addToCartStylesheet);
  });
});
