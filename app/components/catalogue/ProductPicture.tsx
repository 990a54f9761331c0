/** The product's picture, or a neutral drawing when the catalogue has none (decorative either way: the title is beside it). */
export function ProductPicture({ src, size }: { src: string | null; size: "small" | "large" }) {
  const pixels = size === "small" ? 96 : 320;
  if (src) {
    return <img className={`product-picture product-picture--${size}`} src={src} alt="" width={pixels} height={pixels} loading="lazy" decoding="async" />;
  }
  return (
    <svg className={`product-picture product-picture--${size}`} width={pixels} height={pixels} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="6" fill="#e8f0f6" />
      <path d="M24 9v21M14 30h20l-4 8H18z" stroke="#0b3d5c" strokeWidth="2" fill="none" strokeLinejoin="round" />
      <path d="M24 11l9 15h-9z" fill="#0f766e" />
    </svg>
  );
}
