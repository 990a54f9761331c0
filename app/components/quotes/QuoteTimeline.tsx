import type { QuoteEventView, QuoteSide } from "~/services/quotes/types";
import { formatDateTime } from "@shared/domain/french-format";

/** Who reads a quote's page: the customer's organization, or its representative. */
export type QuoteReader = "client" | "commercial";

/**
 * Who acted, in the reader's words: each side names itself and the other as it knows them
 * (the customer reads « votre commercial », the representative « client »).
 */
export function sideLabel(side: QuoteSide, reader: QuoteReader): string {
  if (side === "système") return "automatique";
  if (reader === "commercial") return side === "commercial" ? "commercial" : "client";
  return side === "commercial" ? "votre commercial" : "votre organisation";
}

/** Every step with its date and author, oldest first. */
export function QuoteTimeline({ events, reader }: { events: QuoteEventView[]; reader: QuoteReader }) {
  return (
    <ol className="timeline quote-timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`}>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time> · <strong>{event.label}</strong>
          {event.author.side === "système" ? null : (
            <>
              {" "}
              par {event.author.name} ({sideLabel(event.author.side, reader)})
            </>
          )}
          {event.note ? <span className="muted"> · {event.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}
