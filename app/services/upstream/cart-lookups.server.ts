import { productDetail, referenceListResponse, type ProductDetail } from "@shared/contracts/api";
import type { UpstreamHttp } from "./http.server";

/** The shipping families of docs/specification.md §7, as reference lists. */
export interface FamilyReferences {
  motors: string[];
  antennas: string[];
  tags: string[];
  hazards: string[];
}

/** The catalogue facts the cart needs: a product by reference or id, the shipping families. */
export interface CartLookupsClient {
  /** 404 UpstreamError when the reference is unknown. */
  getProduct(refOrId: string | number, usrId: number): Promise<ProductDetail>;
  getFamilies(): Promise<FamilyReferences>;
}

export function createCartLookupsClient(http: UpstreamHttp): CartLookupsClient {
  const references = (path: string) => http.send({ method: "GET", path, schema: referenceListResponse });
  return {
    getProduct: (refOrId, usrId) =>
      http.send({
        method: "GET",
        path: `api/pim/products/${encodeURIComponent(String(refOrId))}`,
        query: { usr_id: usrId },
        schema: productDetail,
      }),
    async getFamilies() {
      const [motors, antennas, tags, hazards] = await Promise.all([
        references("api/pim/motors"),
        references("api/pim/antennas"),
        references("api/pim/tags"),
        references("api/pim/hazards"),
      ]);
      return { motors, antennas, tags, hazards };
    },
  };
}
