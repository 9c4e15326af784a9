// The page tools' refusals: a code for the API's error body and a message for people.
export class PageToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
