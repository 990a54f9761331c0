/**
 * The organization's own code of a product, beside its reference (« Réf. ABC-123 · votre code
 * VA-CORD-08 »): in the cart, the checkout summary and the order page. Nothing without a code.
 */
export function OwnCode({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  return (
    <span className="own-code">
      {" · votre code "}
      <span className="own-code__value">{code}</span>
    </span>
  );
}
