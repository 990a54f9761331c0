import type { QuoteAttachmentView, QuoteMessageView } from "~/services/quotes/types";
import { formatDateTime, formatFileSize } from "@shared/domain/french-format";
import { sideLabel, type QuoteReader } from "./QuoteTimeline";

/** Files to download (never shown inline: a file someone sent is not part of the page). */
export function QuoteAttachments({ attachments }: { attachments: QuoteAttachmentView[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="quote-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a href={attachment.href} download>
            {attachment.fileName}
          </a>{" "}
          <span className="muted">({formatFileSize(attachment.size)})</span>
        </li>
      ))}
    </ul>
  );
}

/** The messages between the organization and its representative, oldest first, authors named for the reader. */
export function QuoteThread({ messages, reader }: { messages: QuoteMessageView[]; reader: QuoteReader }) {
  if (messages.length === 0) return <p className="muted">Aucun message pour l&apos;instant.</p>;
  return (
    <ol className="quote-thread">
      {messages.map((message) => (
        <li key={message.id} className="quote-thread__message" data-side={message.author.side}>
          <p className="quote-thread__meta">
            <strong>{message.author.name}</strong> ({sideLabel(message.author.side, reader)}) ·{" "}
            <time dateTime={message.at}>{formatDateTime(message.at)}</time>
          </p>
          <p className="quote-text">{message.body}</p>
          <QuoteAttachments attachments={message.attachments} />
        </li>
      ))}
    </ol>
  );
}
