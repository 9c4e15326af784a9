// Why a PDF could not become a contract. Kept apart from contracts.ts, which builds contracts (and
// so loads pdf.js): the HTTP process names this error when the pool carries it back from a worker
// thread, and must not load the engine to do so.

/** Why a PDF could not become a contract: a code for clients, a message for people. */
export class ContractBuildError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
