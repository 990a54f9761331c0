/**
 * A server-rendered form's fields as a browser without JavaScript would submit them, read
 * from the page's HTML with regular expressions: enough for the portal's own markup (React
 * writes attributes in double quotes and escapes their values), not a general HTML parser.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    const named = ENTITIES[entity.toLowerCase()];
    if (named !== undefined) return named;
    if (entity.startsWith("#x") || entity.startsWith("#X")) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    return whole;
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1] ?? "") : null;
}

const hasAttribute = (tag: string, name: string): boolean => new RegExp(`\\s${name}(?:="[^"]*")?[\\s/>]`).test(tag);

export interface HtmlForm {
  action: string;
  fields: URLSearchParams;
}

/**
 * The first form whose opening tag contains `marker` (for example `data-testid="confirm-order"`
 * on the form, or `id="delivery-form"`), or null. Checked boxes and radios, text and hidden
 * inputs, the selected option of each select and textareas are submitted; buttons are not
 * (the portal's submit buttons carry no name).
 */
export function findForm(html: string, marker: string): HtmlForm | null {
  for (const match of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    const form = match[0];
    const opening = /^<form\b[^>]*>/.exec(form)?.[0] ?? "";
    if (!opening.includes(marker)) continue;
    const fields = new URLSearchParams();
    for (const control of form.matchAll(/<(input|select|textarea)\b[^>]*>(?:([\s\S]*?)<\/\1>)?/g)) {
      const [tag = "", kind, content = ""] = [control[0].slice(0, control[0].indexOf(">") + 1), control[1], control[2]];
      const name = attribute(tag, "name");
      if (name === null || hasAttribute(tag, "disabled")) continue;
      if (kind === "textarea") {
        fields.append(name, decodeEntities(content));
      } else if (kind === "select") {
        const options = [...content.matchAll(/<option\b[^>]*>/g)].map((option) => option[0]);
        const chosen = options.find((option) => hasAttribute(option, "selected")) ?? options[0];
        if (chosen) fields.append(name, attribute(chosen, "value") ?? "");
      } else {
        const type = (attribute(tag, "type") ?? "text").toLowerCase();
        if (type === "submit" || type === "button" || type === "file" || type === "image" || type === "reset") continue;
        if ((type === "checkbox" || type === "radio") && !hasAttribute(tag, "checked")) continue;
        fields.append(name, attribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
      }
    }
    return { action: decodeEntities(attribute(opening, "action") ?? ""), fields };
  }
  return null;
}
