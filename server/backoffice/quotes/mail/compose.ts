/**
 * One e-mail as both parts from one description (docs/quotes-mail.md): paragraphs, a table of
 * facts, a quoted message, a link. Everything typed by people (messages, references, names)
 * reaches the HTML part escaped, never as markup; the text part is the same content, plain.
 * No template library: the project has none for e-mails and these messages are small.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "facts"; rows: Array<[label: string, value: string]> }
  | { kind: "quote"; author: string; body: string }
  | { kind: "list"; items: string[] }
  | { kind: "link"; label: string; href: string };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Only web links are written as links: anything else would be a way in for a script. */
function safeHref(href: string): string | null {
  return /^https?:\/\//i.test(href) ? href : null;
}

function textBlock(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "facts":
      return block.rows.map(([label, value]) => `${label} : ${value}`).join("\n");
    case "quote":
      return [`${block.author} :`, ...block.body.split(/\r?\n/).map((line) => `> ${line}`)].join("\n");
    case "list":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "link":
      return `${block.label} : ${block.href}`;
  }
}

const CELL = 'style="padding:4px 12px 4px 0;text-align:left;vertical-align:top"';

function htmlBlock(block: Block): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 12px">${escapeHtml(block.text)}</p>`;
    case "facts":
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 12px"><tbody>${block.rows
        .map(([label, value]) => `<tr><th scope="row" ${CELL}>${escapeHtml(label)}</th><td ${CELL}>${escapeHtml(value)}</td></tr>`)
        .join("")}</tbody></table>`;
    case "quote":
      return `<p style="margin:0 0 4px">${escapeHtml(block.author)} :</p><blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #0b4f8a;background:#f3f6f9">${block.body
        .split(/\r?\n/)
        .map(escapeHtml)
        .join("<br>")}</blockquote>`;
    case "list":
      return `<ul style="margin:0 0 12px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
    case "link": {
      const href = safeHref(block.href);
      // A relative path (no portal address configured) is printed, not linked.
      if (!href) return `<p style="margin:0 0 12px">${escapeHtml(block.label)} : ${escapeHtml(block.href)}</p>`;
      return `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#0b4f8a;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>`;
    }
  }
}

const SIGNATURE = "NautiDistrib";

/** The two parts of a message: a greeting, the blocks, the signature. */
export function compose(subject: string, greeting: string, blocks: Block[]): MailContent {
  const text = [greeting, ...blocks.map(textBlock), SIGNATURE].join("\n\n") + "\n";
  const html = [
    `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.45;color:#1a1a1a">`,
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
    ...blocks.map(htmlBlock),
    `<p style="margin:16px 0 0;color:#555555">${SIGNATURE}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}
