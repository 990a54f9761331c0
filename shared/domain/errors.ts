/**
 * The one error type of the domain: a stable code for programs and a French message for people.
 * Actions turn it into a form error or a 400 answer without guessing what went wrong.
 */
export interface DomainIssue {
  path: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: string;
  readonly issues: readonly DomainIssue[];

  constructor(code: string, message: string, issues: readonly DomainIssue[] = []) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.issues = issues;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
