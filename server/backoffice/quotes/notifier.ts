/**
 * What the quote routes tell once a change has committed, so that e-mails (quotes/mail/) go out
 * exactly once per event whether the change came from the portal or straight from the API.
 * `notify` never throws and never delays the answer: the mail side logs its own failures.
 */
export type QuoteNoticeKind =
  "requested" | "information_requested" | "information_given" | "proposed" | "revised" | "accepted" | "refused" | "cancelled" | "message";

export interface QuoteNotice {
  kind: QuoteNoticeKind;
  quoId: number;
  /** Who did it: the other side is the one told. */
  bySide: "client" | "commercial";
}

export interface QuoteNotifier {
  notify(notice: QuoteNotice): void;
}
