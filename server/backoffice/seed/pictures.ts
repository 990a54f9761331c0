/**
 * The demo catalogue's pictures: one drawing per kind of product (public/images/produits),
 * keyed by the reference prefix of the category leaf. A distributor's catalogue carries its
 * own photographs instead; these only let the demo show what a picture looks like everywhere.
 */
const KIND_OF_CODE: Readonly<Record<string, string>> = {
  AVF15: "antenne",
  AVF24: "antenne",
  AVI: "antenne",
  AGA: "antenne",
  ATV: "antenne",
  TRC: "ecran",
  SON: "ecran",
  PIL: "ecran",
  VHF: "radio",
  VHP: "radio",
  AIS: "radio",
  BLI: "batterie",
  BAG: "batterie",
  CHG: "batterie",
  SOL: "solaire",
  MHB: "moteur",
  MHM: "moteur",
  MHG: "moteur",
  MEL: "moteur",
  HAL: "helice",
  HIN: "helice",
  FIL: "piece",
  ANO: "piece",
  PEA: "piece",
  BAI: "balise",
  EPI: "balise",
  PLB: "balise",
  GAG: "gilet",
  GMO: "gilet",
  PYR: "fusee",
  EXT: "extincteur",
  RAD: "bouee",
  POU: "accastillage",
  MAN: "accastillage",
  TAQ: "accastillage",
  WIN: "accastillage",
  DRI: "cordage",
  ECO: "cordage",
  AMA: "cordage",
  AFO: "peinture",
  VER: "peinture",
  PRI: "peinture",
  SOV: "peinture",
  NET: "entretien",
  MAS: "entretien",
  LED: "eclairage",
  PCA: "confort",
  WCM: "confort",
  FRI: "confort",
};

/** The pictures of a product of the leaf whose references start with `code` (none if unknown). */
export function demoPicturesFor(code: string): string[] {
  const kind = KIND_OF_CODE[code];
  return kind ? [`/images/produits/${kind}.svg`] : [];
}
