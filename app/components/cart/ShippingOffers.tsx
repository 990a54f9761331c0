import type { FreeShippingProgress } from "@shared/domain/shipping-free";
import { Money } from "~/components/ui/Money";

/** What an option does to the shipping total, computed by shared/domain/shipping-options.ts (decision 0129). */
export function OptionCost({ cents }: { cents: number }) {
  if (cents === 0) return <>sans supplément de frais de port</>;
  if (cents < 0) {
    return (
      <>
        réduit les frais de port de <Money cents={-cents} /> HT
      </>
    );
  }
  return (
    <>
      ajoute <Money cents={cents} /> HT aux frais de port
    </>
  );
}

/** « Plus que X € pour la livraison gratuite », for an eligible account (spec §9). */
export function FreeShippingNotice({ progress }: { progress: FreeShippingProgress }) {
  const others = progress.othersCharged ? " (moteurs et antennes restent facturés)" : "";
  return (
    <p className="free-shipping" data-testid="free-shipping">
      {progress.missing > 0 ? (
        <>
          Plus que <Money cents={progress.missing} /> HT d&apos;achats pour la livraison gratuite des colis{others}.
        </>
      ) : (
        <>Livraison gratuite des colis (franco de port){others}.</>
      )}
    </p>
  );
}
