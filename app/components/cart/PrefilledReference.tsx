/**
 * Says that the order reference was filled in from a promotion's name (docs/specification.md §4:
 * an empty cart reference takes it), so the buyer knows it is not theirs and may change it.
 */
export function PrefilledReference({ id, promotion }: { id: string; promotion: string }) {
  return (
    <p id={id} className="field__hint" data-testid="ref-prefilled">
      Pré-remplie avec le nom de la promotion « {promotion} » : remplacez-la par votre propre référence si vous le souhaitez.
    </p>
  );
}
