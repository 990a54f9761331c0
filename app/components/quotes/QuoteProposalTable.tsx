import { Form } from "@remix-run/react";
import { Money } from "~/components/ui/Money";
import type { QuoteAskedLineView, QuoteProposalView } from "~/services/quotes/types";
import { formatDate, formatDateTime } from "@shared/domain/french-format";

export interface QuoteProposalTableProps {
  proposal: QuoteProposalView;
  askedLines: QuoteAskedLineView[];
  showPrices: boolean;
  /** The accept form's checkboxes (the proposal in force, when accepting is offered). */
  accepting?: boolean;
  /** Positions accepted, marked once the quote is accepted. */
  acceptedPositions?: number[];
  /** Distinguishes the ids of several tables on one page (earlier versions). */
  idPrefix?: string;
}

function answeredLine(askedLines: QuoteAskedLineView[], position: number | null): string | null {
  if (position === null) return null;
  const asked = askedLines.find((line) => line.position === position);
  return asked ? `${asked.ref ? `${asked.ref} · ` : ""}${asked.title}` : null;
}

/** The lines of a proposal: usual price next to the quoted one, alternatives said in words. */
export function QuoteProposalTable({
  proposal,
  askedLines,
  showPrices,
  accepting = false,
  acceptedPositions = [],
  idPrefix = "proposition",
}: QuoteProposalTableProps) {
  return (
    <table className="table order-table quote-proposal">
      <caption>
        Proposition version {proposal.version} du {formatDateTime(proposal.createdAt)}, valable jusqu&apos;au{" "}
        {formatDate(proposal.validUntil)}
      </caption>
      <thead>
        <tr>
          {accepting ? <th scope="col">Accepter</th> : null}
          <th scope="col">Produit</th>
          <th scope="col">Quantité</th>
          {showPrices ? (
            <>
              <th scope="col">Prix habituel HT</th>
              <th scope="col">Prix du devis HT</th>
              <th scope="col">Total HT</th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {proposal.lines.map((line) => {
          const answers = answeredLine(askedLines, line.answersPosition);
          const boxId = `${idPrefix}-ligne-${line.position}`;
          return (
            <tr key={line.position} data-testid={`proposal-line-${line.ref}`}>
              {accepting ? (
                <td>
                  <input
                    type="checkbox"
                    id={boxId}
                    name="position"
                    value={line.position}
                    defaultChecked
                    aria-label={`Accepter ${line.ref}`}
                  />
                </td>
              ) : null}
              <td>
                {line.title}
                <br />
                <span className="muted">Réf. {line.ref}</span>
                {line.isAlternative ? (
                  <>
                    {" "}
                    <span className="tag quote-alternative">Produit de remplacement{answers ? ` pour ${answers}` : ""}</span>
                  </>
                ) : null}
                {acceptedPositions.includes(line.position) ? (
                  <>
                    {" "}
                    <span className="tag">Acceptée</span>
                  </>
                ) : null}
                {line.note ? (
                  <>
                    <br />
                    <span className="muted">{line.note}</span>
                  </>
                ) : null}
              </td>
              <td>{line.qty}</td>
              {showPrices ? (
                <>
                  <td className="cart-number">
                    <Money cents={line.usualPrice} />
                  </td>
                  <td className="cart-number">
                    <strong>
                      <Money cents={line.unitPrice} />
                    </strong>
                  </td>
                  <td className="cart-number">
                    <Money cents={line.lineTotal} />
                  </td>
                </>
              ) : null}
            </tr>
          );
        })}
      </tbody>
      {showPrices ? (
        <tfoot>
          <tr>
            <th scope="row" colSpan={accepting ? 5 : 4}>
              Total HT de la proposition
            </th>
            <td className="cart-number">
              <Money cents={proposal.totalHt} />
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

export interface QuoteProposalBlockProps {
  proposal: QuoteProposalView;
  askedLines: QuoteAskedLineView[];
  showPrices: boolean;
  canAccept: boolean;
  acceptedPositions: number[];
  /** The accept form refused (none ticked, a revision meanwhile, expired…): its message. */
  error: string | null;
}

/**
 * The proposal in force: its lines, validity, conditions and PDF, and the accept form (a
 * checkbox per line, all ticked) when accepting is offered. The version goes with the form: a
 * revision sent meanwhile makes the back-office refuse it rather than accept unseen prices.
 */
export function QuoteProposalBlock({ proposal, askedLines, showPrices, canAccept, acceptedPositions, error }: QuoteProposalBlockProps) {
  const table = (
    <QuoteProposalTable
      proposal={proposal}
      askedLines={askedLines}
      showPrices={showPrices}
      accepting={canAccept}
      acceptedPositions={acceptedPositions}
    />
  );
  return (
    <>
      <dl className="order-facts">
        <div>
          <dt>Valable jusqu&apos;au</dt>
          <dd>{formatDate(proposal.validUntil)}</dd>
        </div>
        <div>
          <dt>Proposée par</dt>
          <dd>{proposal.author.name}</dd>
        </div>
        <div>
          <dt>Document</dt>
          <dd>
            <a href={proposal.pdfHref} download>
              Télécharger la proposition (PDF)
            </a>
          </dd>
        </div>
      </dl>
      {proposal.conditions ? (
        <div>
          <h3>Conditions</h3>
          <p className="quote-text">{proposal.conditions}</p>
        </div>
      ) : null}
      {canAccept ? (
        <Form method="post" encType="multipart/form-data" className="quote-accept" aria-label="Accepter le devis">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="version" value={proposal.version} />
          {error ? (
            <p className="form__error form__error--global" role="alert">
              {error}
            </p>
          ) : null}
          {table}
          <p className="muted">
            Les lignes cochées rejoignent le panier partagé au prix du devis, jusqu&apos;au {formatDate(proposal.validUntil)}.
          </p>
          <button type="submit" className="button button--primary">
            Accepter les lignes cochées
          </button>
        </Form>
      ) : (
        table
      )}
    </>
  );
}
