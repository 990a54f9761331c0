/**
 * The product's picture, or a neutral drawing when the catalogue has none (decorative either
 * way: the title is beside it). The drawing is a CSS background (catalogue.css), not an inline
 * SVG: a list page would otherwise render and send the same five elements for every card.
 */
export function ProductPicture({ src, size }: { src: string | null; size: "small" | "large" }) {
  const pixels = size === "small" ? 96 : 320;
  if (src) {
    return (
      <img
        className={`product-picture product-picture--${size}`}
        src={src}
        alt=""
        width={pixels}
        height={pixels}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return <span className={`product-picture product-picture--${size} product-picture--none`} />;
}
