import { formatDateTime } from "@shared/domain/french-format";
import type { ReturnStepView } from "~/services/returns/types";

/** Every step of a return with its date, author and note (the refusal's reason, the reception's remark), oldest first. */
export function ReturnTimeline({ steps }: { steps: ReturnStepView[] }) {
  return (
    <ol className="timeline return-timeline">
      {steps.map((step, index) => (
        <li key={`${step.kind}-${step.at}-${index}`} data-step={step.kind}>
          <time dateTime={step.at}>{formatDateTime(step.at)}</time> · <strong>{step.label}</strong> par {step.author}
          {step.note ? <span className="return-timeline__note"> · {step.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}
